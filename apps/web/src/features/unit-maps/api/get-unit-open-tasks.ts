import { useQuery } from '@tanstack/react-query'
import type { TaskList, TaskSummary } from '@storageops/contracts/tasks'
import { api } from '../../../lib/api.ts'
import { unitMapKeys } from './unit-map-keys.ts'

const PAGE_SIZE = 100
/** A facility rarely has more open unit tasks than this; beyond it the panel says the list is cut. */
const MAX_PAGES = 5

/**
 * GET /api/tasks?closed=false&type=unit (spec: snapshot-field-tool §7), every page up to 500 tasks:
 * the facility's open unit tasks, grouped by unit number, newest first.
 */
export async function getOpenUnitTasks(locationCode: string): Promise<Map<string, TaskSummary[]>> {
  const byUnit = new Map<string, TaskSummary[]>()
  for (let page = 1; page <= MAX_PAGES; page++) {
    const query = new URLSearchParams({
      page: String(page),
      page_size: String(PAGE_SIZE),
      closed: 'false',
      location_code: locationCode,
      type: 'unit',
    })
    const result = await api.get<TaskList>(`/api/tasks?${query}`)
    for (const task of result.entries) {
      if (!task.unit_no) continue
      byUnit.set(task.unit_no, [...(byUnit.get(task.unit_no) ?? []), task])
    }
    if (page * PAGE_SIZE >= result.total_entries) break
  }
  return byUnit
}

/** Open unit tasks of a facility for the tapped-unit panel; loads once a unit is tapped. */
export function useOpenUnitTasks(locationCode: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: unitMapKeys.openTasks(locationCode ?? ''),
    queryFn: () => getOpenUnitTasks(locationCode!),
    enabled: Boolean(locationCode) && enabled,
    staleTime: 30_000,
  })
}
