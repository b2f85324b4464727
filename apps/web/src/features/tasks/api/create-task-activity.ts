import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TaskActivity, TaskActivityInput } from '@storageops/contracts/tasks'
import { api } from '../../../lib/api.ts'
import { taskKeys } from './task-keys.ts'

/**
 * POST /api/task_activities (spec: snapshot-field-tool §7): close with a note, add a note, assign a
 * role or reopen. A reopen refused for a duplicate is a 409 ApiError whose body holds duplicate_open_task_id.
 */
export function createTaskActivity(input: TaskActivityInput) {
  return api.post<TaskActivity>('/api/task_activities', input)
}

export function useCreateTaskActivity() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createTaskActivity,
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  })
}
