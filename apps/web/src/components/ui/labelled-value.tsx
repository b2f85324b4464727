import type { ReactNode } from 'react'
import { Text } from '@mantine/core'

/** One term of a definition list (`<dl>`): a small upper-case label over its value (task and walkthrough figures). */
export function LabelledValue({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" fz="xs" tt="uppercase" fw={700} c="gray.7" lts={0.3}>
        {label}
      </Text>
      <Text component="dd" fz="sm" m={0} mt={2}>
        {children}
      </Text>
    </div>
  )
}
