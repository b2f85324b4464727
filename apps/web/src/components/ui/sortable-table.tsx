import { useState, type ReactNode } from 'react'
import { Group, Table, UnstyledButton } from '@mantine/core'
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react'
import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table'

/**
 * A table whose column headers sort (spec: snapshot-field-tool §4 "Sorting"): each click cycles
 * unsorted → ascending → descending → unsorted, the first click ascending for every column. TanStack
 * Table does the sorting; `aria-sort` tells assistive technology the state.
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
                  >
                    {header.column.getCanSort() ? (
                      <UnstyledButton
                        onClick={header.column.getToggleSortingHandler()}
                        fz="sm"
                        fw={700}
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
