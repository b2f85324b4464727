import { useQuery } from '@tanstack/react-query'
import type { LocationUnitTypes } from '@storageops/contracts/unit-types'
import { api } from '../../../lib/api.ts'

export const unitTypeKeys = {
  saved: (locationCode: string) => ['unit-types', locationCode, 'saved'] as const,
  ssm: (locationCode: string) => ['unit-types', locationCode, 'ssm'] as const,
}

export function getLocationUnitTypes(locationCode: string) {
  return api.get<LocationUnitTypes>(`/api/location_unittypes?location_code=${encodeURIComponent(locationCode)}`)
}

export function useLocationUnitTypes(locationCode: string) {
  return useQuery({
    queryKey: unitTypeKeys.saved(locationCode),
    queryFn: () => getLocationUnitTypes(locationCode),
    retry: false,
  })
}
