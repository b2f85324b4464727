import type { ReactNode } from 'react'
import { Text } from '@mantine/core'
import { modals } from '@mantine/modals'

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
  modals.openConfirmModal({
    title,
    centered: true,
    closeButtonProps: { 'aria-label': 'Close' },
    children: <Text fz="sm">{message}</Text>,
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  })
}
