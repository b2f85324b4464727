import { useDeferredValue, useState, type ReactNode } from 'react'
import { Group, NativeSelect, Stack, Table, UnstyledButton, em, useMantineTheme } from '@mantine/core'
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
import classes from './sortable-table.module.css'

/**
 * Classes for a long table's cells as plain elements instead of Mantine components (issue 17: 150 rows of Anchor,
 * Text and Group cost ≈0.4 s on a phone): `facility` (a row's link), `siteCode`, `days`, `warning`, `none`, `roles`.
 * They live in the field pages' shared stylesheet, so a page using them loads no CSS file of its own.
 */
export const cellClasses = classes

/** The header text of a column (the sort choice on phones names it). */
const headerText = <Row,>(table: TanStackTable<Row>, id: string): string => {
  const header = table.getColumn(id)?.columnDef.header
  return typeof header === 'string' ? header : id
}

/**
 * Phones: every column of a row on its card (the first as its title, the others label above value),
 * and the sort as one choice ('Oldest Task, descending'), so nothing scrolls sideways (issue 18).
 */
function SortableCards<Row>({
  table,
  caption,
  renderFirst,
}: {
  table: TanStackTable<Row>
  caption: string
  renderFirst: number | undefined
}) {
  const sorted = table.getRowModel().rows
  const shownCount = useDeferredValue(
    sorted.length,
    renderFirst === undefined ? undefined : Math.min(renderFirst, sorted.length),
  )
  const rows = shownCount < sorted.length ? sorted.slice(0, shownCount) : sorted
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
        rows={rows}
        rowKey={(row) => row.id}
        columns={[]}
        card={(row) => {
          const [first, ...rest] = row.getVisibleCells()
          return (
            <div className={classes.card}>
              {first && flexRender(first.column.columnDef.cell, first.getContext())}
              <dl className={classes.fields}>
                {rest.map((cell) => (
                  <div key={cell.id}>
                    <dt className={classes.label}>{headerText(table, cell.column.id)}</dt>
                    <dd className={classes.value}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</dd>
                  </div>
                ))}
              </dl>
            </div>
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
  renderFirst,
}: {
  rows: Row[]
  columns: ColumnDef<Row>[]
  /** Below this width the table scrolls sideways (px). */
  minWidth: number
  /** The table's accessible name. */
  caption: string
  rowKey?: (row: Row) => string
  /**
   * Long lists on a phone: the first this many cards are drawn at once and the rest in the background right after
   * (React's deferred value, which yields to the browser), so the first screen shows sooner (issue 17); every card
   * is in the page once that second pass has run. The desk table draws every row at once: its column widths come
   * from all rows, so rows added later would move the columns.
   */
  renderFirst?: number
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
  if (!isWide) return <SortableCards table={table} caption={caption} renderFirst={renderFirst} />
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
