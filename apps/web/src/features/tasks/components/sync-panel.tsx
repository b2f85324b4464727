import { useEffect, useState } from 'react'
import { Badge, Button, Collapse, Group, Loader, Paper, Stack, Text } from '@mantine/core'
import { IconCloudCheck, IconCloudUpload } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { countOf } from '@storageops/contracts/counts'
import { formatDateTime } from '@storageops/contracts/date-time'
import { showToast } from '../../../lib/toast.ts'
import {
  dismissFinished,
  dismissWrite,
  onWritesSynced,
  startWriteQueue,
  syncWrites,
  useWriteQueue,
  type QueuedWrite,
} from '../../../lib/write-queue.ts'
import { taskKeys } from '../api/task-keys.ts'
import { DuplicateTaskModal } from './duplicate-task-modal.tsx'

const STATE_BADGES = {
  waiting: { label: 'Waiting', color: 'gray.7' },
  synced: { label: 'Synced', color: 'teal.9' },
  refused: { label: 'Not synced', color: 'red.9' },
} as const

/** The changes a write carries: a list write's items (walkthrough doors), else 1. */
const changesIn = (write: QueuedWrite) => {
  const items = write.batch ? write.body[write.batch.field] : undefined
  return Array.isArray(items) ? items.length : 1
}
const changesOf = (writes: readonly QueuedWrite[]) => writes.reduce((sum, write) => sum + changesIn(write), 0)

/** A list write's count ('48 doors'), or '' for a single write. */
const countText = (write: QueuedWrite) => (write.batch ? ` · ${countOf(changesIn(write), write.batch.noun)}` : '')

const textOf = (write: QueuedWrite) => {
  const text = write.body.note ?? write.body.description ?? write.body.notes
  return typeof text === 'string' ? text : null
}

/**
 * The field tool's write queue on screen (issue 19): "n waiting to sync", then the result of each write; a refusal
 * keeps the user's text beside the server's reason, and an open duplicate is offered as on the form.
 */
export function SyncPanel() {
  const { writes, syncing, retrying } = useWriteQueue()
  const queryClient = useQueryClient()
  const [opened, setOpened] = useState(false)
  const [duplicate, setDuplicate] = useState<{ siteCode: string; id: number } | null>(null)

  useEffect(() => startWriteQueue(), [])
  useEffect(() => {
    const stop = onWritesSynced((writes) => {
      void queryClient.invalidateQueries({ queryKey: taskKeys.all })
      const synced = changesOf(writes.filter((write) => write.state === 'synced'))
      if (synced > 0) showToast(`${countOf(synced, 'change')} synced.`, 'success')
      const refused = writes.filter((write) => write.state === 'refused')
      for (const write of refused) showToast(`Not synced: ${write.label}. ${write.message ?? ''}`, 'error')
      if (refused.length > 0) setOpened(true)
      const duplicate = refused.find((write) => write.duplicate_open_task_id !== undefined)
      if (duplicate) setDuplicate({ siteCode: duplicate.site_code, id: duplicate.duplicate_open_task_id! })
    })
    return () => void stop()
  }, [queryClient])

  if (writes.length === 0) return null
  const waiting = changesOf(writes.filter((write) => write.state === 'waiting'))
  const refused = writes.filter((write) => write.state === 'refused').length

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      mb="md"
      bg="white"
      aria-label="Changes made on this device"
      component="section"
    >
      <Group justify="space-between" gap="xs">
        <Group gap="xs" role="status">
          {waiting > 0 ? (
            <IconCloudUpload size={20} aria-hidden color="var(--mantine-color-harbor-8)" />
          ) : (
            <IconCloudCheck size={20} aria-hidden color="var(--mantine-color-teal-8)" />
          )}
          <Text fw={600} fz="sm">
            {waiting > 0 ? `${waiting} waiting to sync` : 'Nothing waiting to sync'}
          </Text>
          {syncing && <Loader size="xs" aria-label="Syncing" />}
          {refused > 0 && (
            <Badge color="red.9" variant="outline" radius="sm">
              {refused} not synced
            </Badge>
          )}
        </Group>
        <Button variant="subtle" size="compact-sm" onClick={() => setOpened((open) => !open)} aria-expanded={opened}>
          {opened ? 'Hide changes' : 'Show changes'}
        </Button>
      </Group>
      {retrying && waiting > 0 && !syncing && (
        <Group gap="xs" mt={4} justify="space-between" wrap="nowrap">
          <Text fz="sm" c="gray.7">
            The last try did not get through. Trying again shortly.
          </Text>
          <Button variant="light" size="compact-sm" onClick={() => void syncWrites()}>
            Sync now
          </Button>
        </Group>
      )}
      <Collapse expanded={opened}>
        <Stack gap="xs" mt="sm" component="ul" p={0} style={{ listStyle: 'none' }}>
          {writes.map((write) => {
            const badge = STATE_BADGES[write.state]
            const text = textOf(write)
            return (
              <Paper component="li" key={write.id} withBorder radius="sm" p="xs" aria-label={write.label}>
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fz="sm" fw={600}>
                      {write.label}
                      {countText(write)}
                    </Text>
                    <Text fz="xs" c="gray.7">
                      Made {formatDateTime(write.made_at)}
                      {write.files && write.files.length > 0 ? ` · ${countOf(write.files.length, 'photo')}` : ''}
                    </Text>
                    {text && (
                      <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {text}
                      </Text>
                    )}
                    {write.message && (
                      <Text fz="sm" c="red.9">
                        {write.message}
                      </Text>
                    )}
                  </Stack>
                  <Badge color={badge.color} radius="sm" style={{ flexShrink: 0 }}>
                    {badge.label}
                  </Badge>
                </Group>
                {write.state !== 'waiting' && (
                  <Group gap="xs" justify="flex-end" mt={4}>
                    {write.duplicate_open_task_id !== undefined && (
                      <Button
                        size="compact-sm"
                        variant="light"
                        onClick={() => setDuplicate({ siteCode: write.site_code, id: write.duplicate_open_task_id! })}
                      >
                        Open Task
                      </Button>
                    )}
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => void dismissWrite(write.id!)}
                      aria-label={`Dismiss ${write.label}`}
                    >
                      Dismiss
                    </Button>
                  </Group>
                )}
              </Paper>
            )
          })}
        </Stack>
        {writes.some((write) => write.state !== 'waiting') && (
          <Group justify="flex-end" mt="xs">
            <Button size="compact-sm" variant="subtle" onClick={() => void dismissFinished()}>
              Dismiss finished
            </Button>
          </Group>
        )}
      </Collapse>
      <DuplicateTaskModal
        siteCode={duplicate?.siteCode ?? ''}
        duplicateTaskId={duplicate?.id ?? null}
        onClose={() => setDuplicate(null)}
      />
    </Paper>
  )
}
