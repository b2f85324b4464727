import { useQuery } from '@tanstack/react-query'
import type { Task } from '@storageops/contracts/tasks'
import { api, retryUnlessNotFound } from '../../../lib/api.ts'
import { taskKeys } from './task-keys.ts'

/** GET /api/tasks/{id} (spec: snapshot-field-tool §7): the task with photos and activity history, newest first. */
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
