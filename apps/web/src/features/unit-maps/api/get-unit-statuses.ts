import { useQuery } from '@tanstack/react-query'
import type { UnitStatusList } from '@storageops/contracts/unit-maps'
import type { UnitStatus } from '@storageops/contracts/unit-map-rules'
import { api } from '../../../lib/api.ts'
import { unitMapKeys } from './unit-map-keys.ts'

export async function getUnitStatuses(locationCode: string): Promise<Map<string, UnitStatus>> {
  const result = await api.get<UnitStatusList>(
    `/api/location_units/statuses?${new URLSearchParams({ location_code: locationCode })}`,
  )
  return new Map(result.statuses.map((entry) => [entry.unit_no, entry.status]))
}

/** Unit statuses for the map colours; a failure leaves the map uncoloured (retried once). */
export function useUnitStatuses(locationCode: string | undefined) {
  return useQuery({
    queryKey: unitMapKeys.statuses(locationCode ?? ''),
    queryFn: () => getUnitStatuses(locationCode!),
    enabled: Boolean(locationCode),
    staleTime: 60_000,
    retry: 1,
  })
}
