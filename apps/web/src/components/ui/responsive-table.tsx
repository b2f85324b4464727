import type { Key, ReactNode } from 'react'
import { Card, Group, Paper, Stack, Table, Text, em, useMantineTheme, type MantineBreakpoint } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'

export interface ResponsiveColumn<Row> {
  key: string
  header: ReactNode
  cell: (row: Row) => ReactNode
  align?: 'left' | 'center' | 'right'
  nowrap?: boolean
}

/**
 * Records as a table from `wideFrom` up, as cards below it; only one layout is in the DOM (150 rows
 * twice made Locations slow). `actions` fills an 'Actions' column and each card's corner.
 */
export function ResponsiveTable<Row>({
  label,
  rows,
  rowKey,
  columns,
  card,
  actions,
  footer,
  empty,
  minWidth = 720,
  wideFrom = 'sm',
  highlight,
}: {
  label: string
  rows: readonly Row[]
  rowKey: (row: Row) => Key
  columns: readonly ResponsiveColumn<Row>[]
  card: (row: Row) => ReactNode
  actions?: (row: Row) => ReactNode
  footer?: (row: Row) => ReactNode
  empty?: ReactNode
  minWidth?: number
  wideFrom?: MantineBreakpoint
  /** Rows shown on a yellow ground (changed, not saved yet). */
  highlight?: (row: Row) => boolean
}) {
  const theme = useMantineTheme()
  const isWide = useMediaQuery(`(min-width: ${em(theme.breakpoints[wideFrom])})`, true)
  if (rows.length === 0 && empty) return <Text c="gray.7">{empty}</Text>
  if (isWide) {
    return (
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={minWidth}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-label={label}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.key} ta={column.align}>
                    {column.header}
                  </Table.Th>
                ))}
                {actions && <Table.Th ta="right">Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)} bg={highlight?.(row) ? 'yellow.0' : undefined}>
                  {columns.map((column) => (
                    <Table.Td
                      key={column.key}
                      ta={column.align}
                      style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                    >
                      {column.cell(row)}
                    </Table.Td>
                  ))}
                  {actions && <Table.Td>{actions(row)}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    )
  }
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {rows.map((row) => (
        <Card
          key={rowKey(row)}
          component="li"
          withBorder
          radius="md"
          padding="md"
          bg={highlight?.(row) ? 'yellow.0' : undefined}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0, flex: 1 }}>{card(row)}</div>
            {actions?.(row)}
          </Group>
          {footer && <Group mt="xs">{footer(row)}</Group>}
        </Card>
      ))}
    </Stack>
  )
}
