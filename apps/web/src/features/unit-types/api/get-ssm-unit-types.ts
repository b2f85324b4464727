import { useQuery } from '@tanstack/react-query'
import type { GetLocationUnitTypesResult } from '@storageops/contracts/unit-types'
import { api } from '../../../lib/api.ts'
import { unitTypeKeys } from './get-location-unit-types.ts'

export async function getSsmUnitTypes(locationCode: string) {
  const result = await api.post<GetLocationUnitTypesResult>('/api/ssm/GetLocationUnitTypes', {
    location_code: locationCode,
  })
  return result.LocationUnitTypes.UnitType
}

export function useSsmUnitTypes(locationCode: string) {
  return useQuery({
    queryKey: unitTypeKeys.ssm(locationCode),
    queryFn: () => getSsmUnitTypes(locationCode),
    retry: false,
  })
}
