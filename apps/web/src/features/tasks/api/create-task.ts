import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateTaskInput, Task } from '@storageops/contracts/tasks'
import { api } from '../../../lib/api.ts'
import { taskKeys } from './task-keys.ts'

/**
 * POST /api/tasks (spec: snapshot-field-tool §7) as multipart/form-data: the task fields plus the
 * photos under `images`. A 409 ApiError's body holds duplicate_open_task_id.
 */
export function createTask({ photos, ...input }: CreateTaskInput & { photos: File[] }) {
  const form = new FormData()
  form.append('task_type_id', String(input.task_type_id))
  form.append('site_code', input.site_code)
  if (input.unit_no) form.append('unit_no', input.unit_no)
  if (input.prior) form.append('prior', input.prior)
  form.append('description', input.description)
  for (const photo of photos) form.append('images', photo, photo.name)
  return api.post<Task>('/api/tasks', form)
}

export function useCreateTask() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  })
}
