import type { ReactNode } from 'react'
import { DataList } from '@mantine/core'

export interface DetailRow {
  label: string
  value: ReactNode
}

export function DetailRows({ rows }: { rows: readonly DetailRow[] }) {
  return (
    <DataList withDivider labelWidth="44%" gap="xs">
      {rows.map((row) => (
        <DataList.Item key={row.label}>
          <DataList.ItemLabel c="gray.7" style={{ flex: '0 0 44%' }}>
            {row.label}
          </DataList.ItemLabel>
          <DataList.ItemValue fw={500} style={{ overflowWrap: 'anywhere' }}>
            {row.value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  )
}
