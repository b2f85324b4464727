import type { ReactNode } from 'react'
import { Alert, Button, Stack, Text } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'

/** The red banner above a refused form, or in place of data that could not be loaded; nothing without a message. */
export function FormError({ message, title, onRetry }: { message: ReactNode; title?: string; onRetry?: () => void }) {
  if (message === null || message === undefined || message === '' || message === false) return null
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />} title={title}>
      {onRetry ? (
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{message}</Text>
          <Button size="xs" variant="default" onClick={onRetry}>
            Try again
          </Button>
        </Stack>
      ) : (
        message
      )}
    </Alert>
  )
}
