import { useState, type FormEvent } from 'react'
import { Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core'
import { ApiError } from '../../../lib/api.ts'
import { useComboCodeLookup } from '../api/get-combo-code.ts'

/** Get Combo Code (spec: snapshot-field-tool §2, §8): a failure is a browser alert with the server's message. */
export function ComboCodeModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [serialNumber, setSerialNumber] = useState('')
  const lookup = useComboCodeLookup()

  const close = () => {
    lookup.reset()
    setSerialNumber('')
    onClose()
  }

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const serial = serialNumber.trim()
    if (!serial) return
    lookup.mutate(serial, {
      onError: (error) => {
        lookup.reset()
        window.alert(error instanceof ApiError ? error.message : 'The combo code could not be loaded.')
      },
    })
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Get Combo Code"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <form onSubmit={handleSubmit} noValidate>
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TextInput
              label="Serial Number"
              description="Printed on the back of the lock"
              placeholder="CL-100-001"
              value={serialNumber}
              onChange={(event) => setSerialNumber(event.currentTarget.value)}
              autoComplete="off"
              spellCheck={false}
              style={{ flex: 1 }}
              data-autofocus
            />
            <Button type="submit" loading={lookup.isPending} disabled={!serialNumber.trim()}>
              Get Code
            </Button>
          </Group>
        </form>
        {lookup.data && (
          <Paper bg="harbor.0" radius="md" p="md" ta="center" role="status">
            <Text fz="sm" c="gray.8">
              Combo code for {lookup.data.serial_number}
            </Text>
            <Text ff="monospace" fz={40} fw={700} lh={1.2} c="harbor.9" style={{ letterSpacing: '0.15em' }}>
              {lookup.data.combo_code}
            </Text>
          </Paper>
        )}
      </Stack>
    </Modal>
  )
}
