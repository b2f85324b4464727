import { Text } from '@mantine/core'
import { PRIORITY_DISPLAY, type Priority } from '@storageops/contracts/task-rules'

export function PriorityLabel({ prior, size = 'sm' }: { prior: Priority; size?: 'xs' | 'sm' | 'md' }) {
  const display = PRIORITY_DISPLAY[prior]
  return (
    <Text
      span
      fz={size}
      c={display.color === 'red' ? 'red.9' : undefined}
      fw={display.bold ? 700 : 400}
      data-priority={prior}
    >
      {display.label}
    </Text>
  )
}
