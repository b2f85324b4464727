import { useQuery } from '@tanstack/react-query'
import type { TaskType } from '@storageops/contracts/tasks'
import { api } from '../../../lib/api.ts'
import { taskKeys } from './task-keys.ts'

export function getTaskTypes() {
  return api.get<TaskType[]>('/api/tasks/task_types')
}

/** Task types change rarely: kept for 10 minutes. */
export const taskTypesQuery = { queryKey: taskKeys.types, queryFn: getTaskTypes, staleTime: 10 * 60_000 }

export function useTaskTypes() {
  return useQuery(taskTypesQuery)
}
