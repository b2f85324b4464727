import { useQuery } from '@tanstack/react-query'
import type { FacilityDetails } from '@storageops/contracts/facilities'
import { api, retryUnlessNotFound } from '../../../lib/api.ts'
import { EARLY_DATA } from '../../../lib/early-data.ts'

export function getFacilityDetails(locationCode: string) {
  return api.get<FacilityDetails>(`${EARLY_DATA.facilityDetailsPath}${encodeURIComponent(locationCode)}`)
}

/** Facility details by location code; waits until the code is known. */
export function useFacilityDetails(locationCode: string | undefined) {
  return useQuery({
    queryKey: ['facility-details', locationCode],
    queryFn: () => getFacilityDetails(locationCode!),
    enabled: Boolean(locationCode),
    // An unknown code is a 404 that will not change on a second try.
    retry: retryUnlessNotFound,
  })
}
