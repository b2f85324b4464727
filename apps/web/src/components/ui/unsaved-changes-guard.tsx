import { useEffect } from 'react'
import { Button, Group, Modal, Text } from '@mantine/core'
import { useBlocker } from 'react-router'
import { countOf } from '@storageops/contracts/counts'
import { UNSAVED_CHANGES_MESSAGE } from '@storageops/contracts/facilities-fields'

/** '3 fields changed, not saved yet.' (`noun` singular; the plural adds an s). */
export function unsavedChangesText(changed: number, noun: string): string {
  return `${countOf(changed, noun)} changed, not saved yet.`
}

/**
 * Asks before unsaved edits are lost (spec: admin-console-part-2 §2, §4; issue 18): a modal in the app, the browser's
 * own prompt on reload or close. Off while `changed` is 0.
 */
export function UnsavedChangesGuard({
  changed,
  noun,
  detail,
  leaveLabel = 'Leave without saving',
}: {
  changed: number
  noun: string
  /** Replaces the count line where the edits are not lost (a draft kept on the device). */
  detail?: string
  leaveLabel?: string
}) {
  const isGuarding = changed > 0
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isGuarding && currentLocation.pathname !== nextLocation.pathname,
  )

  useEffect(() => {
    if (!isGuarding) return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers show (or at least require) a returnValue; current ones show their own text.
      event.returnValue = UNSAVED_CHANGES_MESSAGE
      return UNSAVED_CHANGES_MESSAGE
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [isGuarding])

  // A save that empties the changes while the modal is open lets the navigation go on.
  useEffect(() => {
    if (blocker.state === 'blocked' && !isGuarding) blocker.proceed()
  }, [blocker, isGuarding])

  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Unsaved changes"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text>{UNSAVED_CHANGES_MESSAGE}</Text>
      <Text fz="sm" c="gray.7" mt="xs">
        {detail ?? unsavedChangesText(changed, noun)}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          Stay on this page
        </Button>
        <Button color="red.8" onClick={() => blocker.proceed?.()}>
          {leaveLabel}
        </Button>
      </Group>
    </Modal>
  )
}
