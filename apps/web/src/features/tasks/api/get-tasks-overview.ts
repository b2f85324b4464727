import { useQuery } from '@tanstack/react-query'
import type { TaskOverviewRow } from '@storageops/contracts/tasks'
import { api } from '../../../lib/api.ts'
import { EARLY_DATA } from '../../../lib/early-data.ts'
import { taskKeys } from './task-keys.ts'

export function getTasksOverview() {
  return api.get<TaskOverviewRow[]>(EARLY_DATA.tasksOverviewPath)
}

export function useTasksOverview() {
  return useQuery({ queryKey: taskKeys.overview, queryFn: getTasksOverview })
}
