import { useState, type ReactNode } from 'react'
import { Group, NativeSelect, SimpleGrid, Stack, Table, Text, UnstyledButton, em, useMantineTheme } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react'
import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
  type Table as TanStackTable,
} from '@tanstack/react-table'
import { ResponsiveTable } from './responsive-table.tsx'

/** The header text of a column (the sort choice on phones names it). */
const headerText = <Row,>(table: TanStackTable<Row>, id: string): string => {
  const header = table.getColumn(id)?.columnDef.header
  return typeof header === 'string' ? header : id
}

/**
 * Phones: every column of a row on its card (the first as its title, the others label above value),
 * and the sort as one choice ('Oldest Task, descending'), so nothing scrolls sideways (issue 18).
 */
function SortableCards<Row>({ table, caption }: { table: TanStackTable<Row>; caption: string }) {
  const [current] = table.getState().sorting
  const sortable = table.getAllLeafColumns().filter((column) => column.getCanSort())
  const options = [
    { value: '', label: 'As listed' },
    ...sortable.flatMap((column) => [
      { value: `${column.id}:asc`, label: `${headerText(table, column.id)}, ascending` },
      { value: `${column.id}:desc`, label: `${headerText(table, column.id)}, descending` },
    ]),
  ]
  return (
    <Stack gap="sm">
      {sortable.length > 0 && (
        <NativeSelect
          label="Sort by"
          data={options}
          value={current ? `${current.id}:${current.desc ? 'desc' : 'asc'}` : ''}
          onChange={(event) => {
            const [id, direction] = event.currentTarget.value.split(':')
            table.setSorting(id ? [{ id, desc: direction === 'desc' }] : [])
          }}
        />
      )}
      <ResponsiveTable
        label={caption}
        rows={table.getRowModel().rows}
        rowKey={(row) => row.id}
        columns={[]}
        card={(row) => {
          const [first, ...rest] = row.getVisibleCells()
          return (
            <Stack gap="xs">
              {first && flexRender(first.column.columnDef.cell, first.getContext())}
              <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs" component="dl" m={0}>
                {rest.map((cell) => (
                  <div key={cell.id}>
                    <Text component="dt" fz="xs" c="gray.7">
                      {headerText(table, cell.column.id)}
                    </Text>
                    <Text component="dd" fz="sm" m={0}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </Text>
                  </div>
                ))}
              </SimpleGrid>
            </Stack>
          )
        }}
      />
    </Stack>
  )
}

/**
 * A table whose column headers sort (spec: snapshot-field-tool §4 "Sorting"): each click cycles
 * unsorted → ascending → descending → unsorted, the first click ascending for every column. TanStack
 * Table does the sorting; `aria-sort` tells assistive technology the state. Below `sm` the rows are cards
 * with a sort choice (SortableCards).
 */
export function SortableTable<Row>({
  rows,
  columns,
  minWidth,
  caption,
  rowKey,
}: {
  rows: Row[]
  columns: ColumnDef<Row>[]
  /** Below this width the table scrolls sideways (px). */
  minWidth: number
  /** The table's accessible name. */
  caption: string
  rowKey?: (row: Row) => string
}): ReactNode {
  const theme = useMantineTheme()
  const isWide = useMediaQuery(`(min-width: ${em(theme.breakpoints.sm)})`, true)
  const [sorting, setSorting] = useState<SortingState>([])
  // TanStack Table hands out fresh functions each render; nothing here relies on memoizing them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: rowKey ? (row) => rowKey(row) : undefined,
    sortDescFirst: false,
    enableSortingRemoval: true,
    enableMultiSort: false,
  })
  if (!isWide) return <SortableCards table={table} caption={caption} />
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing="md"
        bg="white"
        withTableBorder
        aria-label={caption}
      >
        <Table.Thead>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header) => {
                const direction = header.column.getIsSorted()
                const Icon =
                  direction === 'asc' ? IconSortAscending : direction === 'desc' ? IconSortDescending : IconArrowsSort
                return (
                  <Table.Th
                    key={header.id}
                    aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
                    p={header.column.getCanSort() ? 0 : undefined}
                  >
                    {header.column.getCanSort() ? (
                      // The whole cell is the button, not only its text.
                      <UnstyledButton
                        onClick={header.column.getToggleSortingHandler()}
                        fz="sm"
                        fw={700}
                        w="100%"
                        px="md"
                        py="sm"
                        style={{ whiteSpace: 'nowrap' }}
                      >
                        <Group gap={4} wrap="nowrap">
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          <Icon
                            size={15}
                            color={direction ? 'var(--mantine-color-harbor-7)' : 'var(--mantine-color-gray-6)'}
                            aria-hidden
                          />
                        </Group>
                      </UnstyledButton>
                    ) : (
                      flexRender(header.column.columnDef.header, header.getContext())
                    )}
                  </Table.Th>
                )
              })}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody>
          {table.getRowModel().rows.map((row) => (
            <Table.Tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <Table.Td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
