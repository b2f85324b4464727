import { useQuery } from '@tanstack/react-query'
import type { Task } from '@storageops/contracts/tasks'
import { api, retryUnlessNotFound } from '../../../lib/api.ts'
import { taskKeys } from './task-keys.ts'

export function getTask(id: number) {
  return api.get<Task>(`/api/tasks/${id}`)
}

/** One task; a 404 is final and not retried. */
export function useTask(id: number | null) {
  return useQuery({
    queryKey: taskKeys.detail(id ?? 0),
    queryFn: () => getTask(id!),
    enabled: id !== null,
    retry: retryUnlessNotFound,
  })
}
