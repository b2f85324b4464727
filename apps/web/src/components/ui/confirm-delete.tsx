import type { ReactNode } from 'react'
import { Text, type MantineColor } from '@mantine/core'
import { modals } from '@mantine/modals'

/**
 * Asks before an action with a consequence (a modal titled `title`, `confirm` and `cancel`); `onConfirm` runs only
 * on `confirm`. Name `cancel` when 'Cancel' would read as the action itself ('Keep appointment').
 */
export function confirmAction({
  title,
  message,
  confirm,
  cancel = 'Cancel',
  color = 'red.8',
  onConfirm,
}: {
  title: string
  message: ReactNode
  confirm: string
  cancel?: string
  color?: MantineColor
  onConfirm: () => void
}) {
  modals.openConfirmModal({
    title,
    centered: true,
    closeButtonProps: { 'aria-label': 'Close' },
    children: <Text fz="sm">{message}</Text>,
    labels: { confirm, cancel },
    confirmProps: { color },
    onConfirm,
  })
}

/** Asks before a delete (a modal titled `title` with Delete and Cancel); `onConfirm` runs only on Delete. */
export function confirmDelete({
  title,
  message,
  onConfirm,
}: {
  title: string
  message: ReactNode
  onConfirm: () => void
}) {
  confirmAction({ title, message, confirm: 'Delete', onConfirm })
}
