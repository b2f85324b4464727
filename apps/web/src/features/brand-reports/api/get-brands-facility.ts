import { useQuery } from '@tanstack/react-query'
import type { Location } from '@storageops/contracts/facilities'
import { api, ApiError, retryUnlessNotFound } from '../../../lib/api.ts'
import { brandReportKeys } from './brand-report-keys.ts'

export async function getBrandsFacility(siteCode: string) {
  const [location] = await api.get<Location[]>(`/api/locations?location_code=${encodeURIComponent(siteCode)}`)
  if (!location || location.location_code.toLowerCase() !== siteCode.toLowerCase())
    throw new ApiError(404, { error: 'not_found', message: 'Location code is not valid.' })
  return location
}

/** The facility of a brands-report screen; a 404 is final (the screen goes to /404). */
export function useBrandsFacility(siteCode: string) {
  return useQuery({
    queryKey: brandReportKeys.facility(siteCode),
    queryFn: () => getBrandsFacility(siteCode),
    staleTime: 5 * 60_000,
    retry: retryUnlessNotFound,
  })
}
