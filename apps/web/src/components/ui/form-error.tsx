import type { ReactNode } from 'react'
import { Alert, Button, Stack, Text } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'

/**
 * The red banner that says what went wrong: above a form that was refused, or in place of data that
 * could not be loaded (`title`, with Try again when `onRetry` is given). Nothing without a message.
 */
export function FormError({ message, title, onRetry }: { message: ReactNode; title?: string; onRetry?: () => void }) {
  if (message === null || message === undefined || message === '' || message === false) return null
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />} title={title}>
      {onRetry ? (
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{message}</Text>
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            Try again
          </Button>
        </Stack>
      ) : (
        message
      )}
    </Alert>
  )
}
