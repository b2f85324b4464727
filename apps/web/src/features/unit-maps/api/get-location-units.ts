import { useQuery } from '@tanstack/react-query'
import type { LocationUnit } from '@storageops/contracts/unit-maps'
import { api } from '../../../lib/api.ts'
import { unitMapKeys } from './unit-map-keys.ts'

export function getLocationUnits(locationCode: string) {
  return api.get<LocationUnit[]>(`/api/location_units?${new URLSearchParams({ location_code: locationCode })}`)
}

/** The units of one facility; waits for its location code. */
export function useLocationUnits(locationCode: string | undefined) {
  return useQuery({
    queryKey: unitMapKeys.units(locationCode ?? ''),
    queryFn: () => getLocationUnits(locationCode!),
    enabled: Boolean(locationCode),
    staleTime: 60_000,
  })
}
