import { useEffect } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { SsmUnitRecords } from '@storageops/contracts/tasks'
import { api } from '../../../lib/api.ts'
import { readSaved, type SavedRead } from '../../../lib/saved-reads.ts'
import { taskTypesQuery } from './get-task-types.ts'
import { taskKeys } from './task-keys.ts'

const naturalOrder = new Intl.Collator('en-US', { numeric: true })

/** The unit numbers (each record's UNITEXTERNALID first item), sorted naturally (A2 before A10). */
export async function getSsmUnits(siteCode: string): Promise<string[]> {
  const result = await api.post<SsmUnitRecords>('/api/ssm/GetAllUnits', { location_code: siteCode })
  const units = result.Record.map((record) => record.UNITEXTERNALID?.[0]).filter((unit): unit is string =>
    Boolean(unit),
  )
  return [...new Set(units)].sort(naturalOrder.compare)
}

/** The unit list, saved on the phone so a unit task can be made offline (issue 19), with when it was fetched. */
const readUnits = (siteCode: string) => readSaved(`units/${siteCode}`, () => getSsmUnits(siteCode))

const unitsQuery = (siteCode: string) => ({
  queryKey: taskKeys.units(siteCode),
  queryFn: (): Promise<SavedRead<string[]>> => readUnits(siteCode),
  staleTime: 5 * 60_000,
  networkMode: 'always' as const,
})

/** The unit choice of Create New Task; loads once the unit category is chosen. */
export function useSsmUnits(siteCode: string, enabled: boolean) {
  return useQuery({ ...unitsQuery(siteCode), enabled })
}

/** Saves Create New Task's reads on the phone while the facility is open online (issue 19). */
export function useTaskFormSavedForOffline(siteCode: string | undefined) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!siteCode || !navigator.onLine) return
    const timer = setTimeout(() => {
      void queryClient.prefetchQuery(unitsQuery(siteCode))
      void queryClient.prefetchQuery(taskTypesQuery)
    }, 1500)
    return () => clearTimeout(timer)
  }, [queryClient, siteCode])
}
