import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateTaskInput, Task } from '@storageops/contracts/tasks'
import { ROLE_LABELS } from '@storageops/contracts/task-rules'
import { sendOrQueue } from '../../../lib/write-queue.ts'
import { taskKeys } from './task-keys.ts'

/** Offline it waits in the write queue with its photos (`queued`); a 409's body holds duplicate_open_task_id. */
export function createTask({ photos, ...input }: CreateTaskInput & { photos: File[] }) {
  return sendOrQueue<Task>({
    path: '/api/tasks',
    body: {
      task_type_id: input.task_type_id,
      site_code: input.site_code,
      unit_no: input.unit_no || undefined,
      prior: input.prior,
      role: input.role || undefined,
      description: input.description,
    },
    files: photos.map((photo) => ({ field: 'images', name: photo.name, blob: photo })),
    label: `New task at ${input.site_code}${input.role ? ` for ${ROLE_LABELS[input.role]}` : ''}`,
    site_code: input.site_code,
  })
}

export function useCreateTask() {
  const queryClient = useQueryClient()
  return useMutation({
    // The write queue decides what happens offline; TanStack Query would otherwise pause the write.
    networkMode: 'always',
    mutationFn: createTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  })
}
