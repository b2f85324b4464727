import { useState } from 'react'
import { Button, Divider, Group, Stack, Text, Textarea } from '@mantine/core'
import { IconCalendarX, IconCheck, IconLockOpen, IconMessagePlus, IconUserShare } from '@tabler/icons-react'
import type { FieldRole } from '@storageops/contracts/identity'
import type { Task } from '@storageops/contracts/tasks'
import { ROLE_LABELS, TASK_TEXT, appointmentCancelFailedText, isNoteGiven } from '@storageops/contracts/task-rules'
import { confirmAction } from '../../../components/ui/confirm-delete.tsx'
import { SectionCard } from '../../../components/ui/section-card.tsx'
import { ApiError } from '../../../lib/api.ts'
import { QUEUED_TEXT } from '../../../lib/write-queue.ts'
import { showToast } from '../../../lib/toast.ts'
import { useCancelAppointment } from '../api/cancel-appointment.ts'
import { useCreateTaskActivity } from '../api/create-task-activity.ts'
import { DuplicateTaskModal } from './duplicate-task-modal.tsx'
import { RoleSelect } from './role-select.tsx'

type Pending = 'note' | 'assign' | 'close' | 'reopen' | null

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** The actions of a task by its status (spec §2, §4, §5, §8); closing needs a note and a confirmation. */
export function TaskActions({ task }: { task: Task }) {
  const activity = useCreateTaskActivity()
  const cancelAppointment = useCancelAppointment()
  const [note, setNote] = useState('')
  const [noteError, setNoteError] = useState<string | null>(null)
  const [role, setRole] = useState<FieldRole | null>(null)
  const [duplicateTaskId, setDuplicateTaskId] = useState<number | null>(null)
  const [pending, setPending] = useState<Pending>(null)

  const run = async (kind: Exclude<Pending, null>, work: () => Promise<void>) => {
    setPending(kind)
    try {
      await work()
    } catch (error) {
      const duplicateId = error instanceof ApiError ? error.body.duplicate_open_task_id : undefined
      if (kind === 'reopen' && typeof duplicateId === 'number') setDuplicateTaskId(duplicateId)
      else showToast(errorText(error), 'error')
    } finally {
      setPending(null)
    }
  }

  const addNote = () => {
    if (!isNoteGiven(note)) {
      showToast(TASK_TEXT.noteRequired, 'warning')
      return
    }
    void run('note', async () => {
      const sent = await activity.mutateAsync({ siteCode: task.site_code, task_id: task.id, note: note.trim() })
      setNote('')
      showToast(sent.queued ? QUEUED_TEXT : 'Note added.', sent.queued ? 'info' : 'success')
    })
  }

  const assign = () => {
    if (!role) return
    void run('assign', async () => {
      // Spec §5: with note text typed first, the note is posted, then the role.
      if (isNoteGiven(note)) {
        await activity.mutateAsync({ siteCode: task.site_code, task_id: task.id, note: note.trim() })
        setNote('')
      }
      const sent = await activity.mutateAsync({ siteCode: task.site_code, task_id: task.id, role })
      setRole(null)
      showToast(sent.queued ? QUEUED_TEXT : `Task assigned to ${ROLE_LABELS[role]}.`, sent.queued ? 'info' : 'success')
    })
  }

  const askToClose = () => {
    if (!isNoteGiven(note)) {
      setNoteError(TASK_TEXT.closeNoteRequired)
      showToast(TASK_TEXT.closeNoteRequired, 'warning')
      return
    }
    confirmAction({
      title: 'Close Task',
      message: TASK_TEXT.confirmClose,
      confirm: 'Yes, close it',
      onConfirm: () =>
        void run('close', async () => {
          const sent = await activity.mutateAsync({
            siteCode: task.site_code,
            task_id: task.id,
            status: 'closed',
            note: note.trim(),
          })
          setNote('')
          showToast(sent.queued ? QUEUED_TEXT : 'Task closed.', sent.queued ? 'info' : 'success')
        }),
    })
  }

  const reopen = () =>
    void run('reopen', async () => {
      const sent = await activity.mutateAsync({ siteCode: task.site_code, task_id: task.id, status: 'open' })
      showToast(sent.queued ? QUEUED_TEXT : 'Task reopened.', sent.queued ? 'info' : 'success')
    })

  // Issue 18: the tenant loses the booking, so the cancel is asked for first.
  const cancel = (appointmentId: number) =>
    confirmAction({
      title: `Cancel Appointment #${appointmentId}`,
      message: `The tenant's appointment #${appointmentId} is cancelled in the storage-management system; the tenant has to book again.`,
      confirm: 'Cancel appointment',
      cancel: 'Keep appointment',
      onConfirm: () =>
        cancelAppointment.mutate(appointmentId, {
          onSuccess: () => showToast(TASK_TEXT.appointmentCancelled, 'success'),
          onError: (error) => showToast(appointmentCancelFailedText(errorText(error)), 'error'),
        }),
    })

  const isBusy = pending !== null || cancelAppointment.isPending

  return (
    <SectionCard title="Actions">
      {task.status === 'closed' ? (
        <Stack gap="sm">
          <Text fz="sm" c="gray.7">
            This task is closed. Reopen it to add notes, assign it or close it again.
          </Text>
          <Button onClick={reopen} loading={pending === 'reopen'} leftSection={<IconLockOpen size={18} aria-hidden />}>
            Reopen Task
          </Button>
        </Stack>
      ) : (
        <Stack gap="md">
          <Textarea
            label="Note"
            placeholder="Type a note…"
            value={note}
            onChange={(event) => {
              setNote(event.currentTarget.value)
              if (noteError && isNoteGiven(event.currentTarget.value)) setNoteError(null)
            }}
            error={noteError}
            autosize
            minRows={3}
            maxRows={10}
            maxLength={4000}
          />
          <Button
            variant="light"
            onClick={addNote}
            loading={pending === 'note'}
            disabled={isBusy && pending !== 'note'}
            leftSection={<IconMessagePlus size={18} aria-hidden />}
          >
            Add Note
          </Button>
          <Divider />
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <RoleSelect value={role} onChange={setRole} style={{ flex: 1 }} />
            <Button
              variant="default"
              onClick={assign}
              disabled={!role || (isBusy && pending !== 'assign')}
              loading={pending === 'assign'}
              leftSection={<IconUserShare size={18} aria-hidden />}
            >
              Assign
            </Button>
          </Group>
          <Divider />
          <Button
            color="red.8"
            onClick={askToClose}
            loading={pending === 'close'}
            disabled={isBusy && pending !== 'close'}
            leftSection={<IconCheck size={18} aria-hidden />}
          >
            Close Task
          </Button>
          {task.appointment_id !== null && (
            <Button
              variant="outline"
              color="red.9"
              onClick={() => cancel(task.appointment_id!)}
              loading={cancelAppointment.isPending}
              disabled={isBusy && !cancelAppointment.isPending}
              leftSection={<IconCalendarX size={18} aria-hidden />}
            >
              Cancel Appointment #{task.appointment_id}
            </Button>
          )}
        </Stack>
      )}

      <DuplicateTaskModal
        siteCode={task.site_code}
        duplicateTaskId={duplicateTaskId}
        onClose={() => setDuplicateTaskId(null)}
      />
    </SectionCard>
  )
}
