import type { ReactNode } from 'react'
import { Text, type MantineColor } from '@mantine/core'
import { modals } from '@mantine/modals'

/** Asks before an action with a consequence (a modal titled `title`, `confirm` and Cancel); `onConfirm` runs only on `confirm`. */
export function confirmAction({
  title,
  message,
  confirm,
  color = 'red.8',
  onConfirm,
}: {
  title: string
  message: ReactNode
  confirm: string
  color?: MantineColor
  onConfirm: () => void
}) {
  modals.openConfirmModal({
    title,
    centered: true,
    closeButtonProps: { 'aria-label': 'Close' },
    children: <Text fz="sm">{message}</Text>,
    labels: { confirm, cancel: 'Cancel' },
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
