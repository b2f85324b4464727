import { Button, Group, Modal, Text } from '@mantine/core'
import { IconCopy } from '@tabler/icons-react'
import { useNavigate } from 'react-router'
import { TASK_TEXT } from '@storageops/contracts/task-rules'

/** 'Duplicate task' (spec §8): a create or reopen met an open duplicate; null keeps it closed. */
export function DuplicateTaskModal({
  siteCode,
  duplicateTaskId,
  onClose,
}: {
  siteCode: string
  duplicateTaskId: number | null
  onClose: () => void
}) {
  const navigate = useNavigate()
  return (
    <Modal
      opened={duplicateTaskId !== null}
      onClose={onClose}
      title={
        <Text fw={700} fz="lg">
          {TASK_TEXT.duplicateTitle}
        </Text>
      }
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        <IconCopy size={28} color="var(--mantine-color-orange-8)" aria-hidden style={{ flexShrink: 0 }} />
        <Text>{TASK_TEXT.duplicateText}</Text>
      </Group>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          onClick={() => {
            const id = duplicateTaskId
            onClose()
            if (id !== null) void navigate(`/snapshot/task-details/${siteCode}/${id}`)
          }}
        >
          {TASK_TEXT.openTask}
        </Button>
      </Group>
    </Modal>
  )
}
