import { useEffect } from 'react'
import { Button, Group, Modal, Text } from '@mantine/core'
import { useBlocker } from 'react-router'
import { UNSAVED_CHANGES_MESSAGE } from '@storageops/contracts/facilities-fields'

/** Warns before edits are lost (spec: admin-console-part-2 §2, §4): a modal in the app, the browser's prompt on unload. */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  )

  useEffect(() => {
    if (!when) return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers show (or at least require) a returnValue; current ones show their own text.
      event.returnValue = UNSAVED_CHANGES_MESSAGE
      return UNSAVED_CHANGES_MESSAGE
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [when])

  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Unsaved changes"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text>{UNSAVED_CHANGES_MESSAGE}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          Stay on this page
        </Button>
        <Button color="red.8" onClick={() => blocker.proceed?.()}>
          Leave without saving
        </Button>
      </Group>
    </Modal>
  )
}
