import { useState } from 'react'
import { Button, CopyButton, Flex, Modal, Paper, Stack, Text } from '@mantine/core'
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react'
import { generateGateCode } from '@storageops/contracts/gate-code'

/** Mounted only while the modal is open, so each opening draws a fresh code. */
function GateCodeGenerator() {
  const [code, setCode] = useState(generateGateCode)
  return (
    <Stack gap="md">
      <Text fz="sm" c="gray.7">
        A random six-digit code for a tenant&apos;s gate access.
      </Text>
      <Paper bg="harbor.0" radius="md" py="lg" ta="center">
        <Text
          ff="monospace"
          fz={48}
          fw={700}
          lh={1.1}
          c="harbor.9"
          style={{ letterSpacing: '0.18em' }}
          aria-live="polite"
        >
          {code}
        </Text>
      </Paper>
      <Flex direction={{ base: 'column', xs: 'row' }} gap="sm">
        <Button
          variant="light"
          leftSection={<IconRefresh size={18} aria-hidden />}
          onClick={() => setCode(generateGateCode())}
          style={{ flexGrow: 1 }}
        >
          Generate new code
        </Button>
        <CopyButton value={code}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Flex>
    </Stack>
  )
}

/** Generate Gate Code (spec: snapshot-field-tool §2, §5). */
export function GateCodeModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Gate Code"
      centered
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <GateCodeGenerator />
    </Modal>
  )
}
