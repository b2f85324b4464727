import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TaskActivity, TaskActivityInput } from '@storageops/contracts/tasks'
import { taskActivityActionOf } from '@storageops/contracts/task-rules'
import { sendOrQueue } from '../../../lib/write-queue.ts'
import { taskKeys } from './task-keys.ts'

const ACTION_LABELS = { close: 'Close', note: 'Note', assign: 'Assignment', reopen: 'Reopen' } as const

/** Offline it waits in the write queue (`queued`); a duplicate's 409 body holds duplicate_open_task_id. */
export function createTaskActivity({ siteCode, ...input }: TaskActivityInput & { siteCode: string }) {
  const action = taskActivityActionOf(input)
  return sendOrQueue<TaskActivity>({
    path: '/api/task_activities',
    body: { ...input },
    label: `${action ? ACTION_LABELS[action] : 'Change'} on task #${input.task_id}`,
    site_code: siteCode,
    task_id: input.task_id,
  })
}

export function useCreateTaskActivity() {
  const queryClient = useQueryClient()
  return useMutation({
    // The write queue decides what happens offline; TanStack Query would otherwise pause the write.
    networkMode: 'always',
    mutationFn: createTaskActivity,
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  })
}
