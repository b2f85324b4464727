import { useQuery } from '@tanstack/react-query'
import type { Location } from '@storageops/contracts/facilities'
import { api, retryUnlessNotFound } from '../../../lib/api.ts'

export async function getLocationByCode(locationCode: string): Promise<Location> {
  const [location] = await api.get<Location[]>(`/api/locations?${new URLSearchParams({ location_code: locationCode })}`)
  return location!
}

export function useLocationByCode(locationCode: string) {
  return useQuery({
    queryKey: ['location-by-code', locationCode],
    queryFn: () => getLocationByCode(locationCode),
    retry: retryUnlessNotFound,
  })
}
