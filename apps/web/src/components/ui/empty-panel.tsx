import type { ReactNode } from 'react'
import { Paper, Text } from '@mantine/core'

/** The boxed grey line that stands where a list would be when it has nothing to show. */
export function EmptyPanel({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl" bg="white">
      <Text c="gray.7" ta="center">
        {children}
      </Text>
    </Paper>
  )
}
