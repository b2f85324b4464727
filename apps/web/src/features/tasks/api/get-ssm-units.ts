import { useQuery } from '@tanstack/react-query'
import type { SsmUnitRecords } from '@storageops/contracts/tasks'
import { api } from '../../../lib/api.ts'
import { taskKeys } from './task-keys.ts'

const naturalOrder = new Intl.Collator('en-US', { numeric: true })

/**
 * POST /api/ssm/GetAllUnits (spec: snapshot-field-tool §7): the storage-management system's units of a
 * facility; the unit number is each record's UNITEXTERNALID first item. Sorted naturally (A2 before A10).
 */
export async function getSsmUnits(siteCode: string): Promise<string[]> {
  const result = await api.post<SsmUnitRecords>('/api/ssm/GetAllUnits', { location_code: siteCode })
  const units = result.Record.map((record) => record.UNITEXTERNALID?.[0]).filter((unit): unit is string =>
    Boolean(unit),
  )
  return [...new Set(units)].sort(naturalOrder.compare)
}

/** The unit choice of Create New Task; loads once the unit category is chosen. */
export function useSsmUnits(siteCode: string, enabled: boolean) {
  return useQuery({
    queryKey: taskKeys.units(siteCode),
    queryFn: () => getSsmUnits(siteCode),
    enabled,
    staleTime: 5 * 60_000,
  })
}
