import type { ReactNode } from 'react'
import { Card, DataList, Group, Title } from '@mantine/core'

export interface DetailRow {
  label: string
  value: ReactNode
}

/** One titled card of the facility detail page (spec: snapshot-field-tool §2 "Sections"). */
export function DetailSection({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  const headingId = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`
  return (
    <Card component="section" aria-labelledby={headingId} withBorder radius="md" padding="lg" h="100%">
      <Group gap="xs" mb="md" wrap="nowrap">
        {icon}
        <Title order={2} fz="h4" id={headingId}>
          {title}
        </Title>
      </Group>
      {children}
    </Card>
  )
}

/** Label and value rows, side by side, with a divider between rows. */
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
