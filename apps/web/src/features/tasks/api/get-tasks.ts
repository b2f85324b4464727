import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { TaskList } from '@storageops/contracts/tasks'
import { TASK_PAGE_SIZE, type TaskCategory } from '@storageops/contracts/task-rules'
import { api } from '../../../lib/api.ts'
import { taskKeys } from './task-keys.ts'

export function getTasks(params: { siteCode: string; closed: boolean; type: TaskCategory; page: number }) {
  const query = new URLSearchParams({
    page: String(params.page),
    page_size: String(TASK_PAGE_SIZE),
    closed: String(params.closed),
    location_code: params.siteCode,
    type: params.type,
  })
  return api.get<TaskList>(`/api/tasks?${query}`)
}

/** A page of task cards; the previous page stays on screen while the next one loads. */
export function useTasks(params: { siteCode: string; closed: boolean; type: TaskCategory; page: number }) {
  return useQuery({
    queryKey: taskKeys.list(params.siteCode, params.closed, params.type, params.page),
    queryFn: () => getTasks(params),
    placeholderData: keepPreviousData,
    retry: false,
  })
}
