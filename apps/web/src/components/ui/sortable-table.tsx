import { useMemo, useState, type ReactNode } from 'react'
import { Box, Stack, Table } from '@mantine/core'
import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnSort,
  type SortingState,
  type Table as TanStackTable,
} from '@tanstack/react-table'
import { CardFields, ResponsiveTableLayout, useIsWide, type RowWindow } from './responsive-table.tsx'
import { ariaSortOf, SortChoice, SortHeaderButton } from './sort-header.tsx'
import classes from './sortable-table.module.css'

/** Long tables' cell classes, plain elements (issue 17: 150 rows of Mantine components took ≈0.4 s on a phone). */
export const cellClasses = classes

const headerText = <Row,>(table: TanStackTable<Row>, id: string): string => {
  const header = table.getColumn(id)?.columnDef.header
  return typeof header === 'string' ? header : id
}

/** Phones: each row as a card and the sort as one choice, so nothing scrolls sideways (issue 18). */
function SortableCards<Row>({
  table,
  caption,
  window: rowWindow,
}: {
  table: TanStackTable<Row>
  caption: string
  window?: RowWindow
}) {
  const rows = table.getRowModel().rows
  const [current] = table.getState().sorting
  const sortable = table.getAllLeafColumns().filter((column) => column.getCanSort())
  return (
    <Stack gap="sm">
      {sortable.length > 0 && (
        <SortChoice
          columns={sortable.map((column) => ({ key: column.id, label: headerText(table, column.id) }))}
          sort={current?.id ?? null}
          order={current?.desc ? 'desc' : 'asc'}
          onChoose={(id, order) => table.setSorting(id ? [{ id, desc: order === 'desc' }] : [])}
        />
      )}
      <ResponsiveTableLayout
        isWide={false}
        window={rowWindow}
        label={caption}
        rows={rows}
        rowKey={(row) => row.id}
        columns={[]}
        card={(row) => {
          const [first, ...rest] = row.getVisibleCells()
          return (
            <CardFields
              title={first && flexRender(first.column.columnDef.cell, first.getContext())}
              fields={rest.map((cell) => ({
                key: cell.id,
                label: headerText(table, cell.column.id),
                value: flexRender(cell.column.columnDef.cell, cell.getContext()),
              }))}
            />
          )
        }}
      />
    </Stack>
  )
}

export interface SortableTableProps<Row> {
  rows: Row[]
  columns: ColumnDef<Row>[]
  /** Below this width the table scrolls sideways (px). */
  minWidth: number
  caption: string
  rowKey?: (row: Row) => string
  /** The sort held outside (the page's URL, issue 30): null unsorted. Without it the table keeps its own. */
  sort?: ColumnSort | null
  onSortChange?: (sort: ColumnSort | null) => void
}

/** Header clicks cycle unsorted → ascending → descending (spec: snapshot-field-tool §4 "Sorting"). */
export function useSortableTable<Row>({
  rows,
  columns,
  rowKey,
  sort,
  onSortChange,
}: Pick<SortableTableProps<Row>, 'rows' | 'columns' | 'rowKey' | 'sort' | 'onSortChange'>) {
  const [ownSorting, setOwnSorting] = useState<SortingState>([])
  const [heldId, heldDesc] = [sort?.id, sort?.desc ?? false]
  // One array per sort: a new one each render makes TanStack re-sort and reset its page without end.
  const heldSorting = useMemo(() => (heldId ? [{ id: heldId, desc: heldDesc }] : []), [heldId, heldDesc])
  const sorting = sort === undefined ? ownSorting : heldSorting
  // TanStack Table hands out fresh functions each render; nothing here relies on memoizing them.
  // eslint-disable-next-line react-hooks/incompatible-library
  return useReactTable({
    data: rows,
    columns,
    state: { sorting },
    onSortingChange: (update) => {
      const next = typeof update === 'function' ? update(sorting) : update
      if (sort === undefined) setOwnSorting(next)
      onSortChange?.(next[0] ?? null)
    },
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: rowKey ? (row) => rowKey(row) : undefined,
    sortDescFirst: false,
    enableSortingRemoval: true,
    enableMultiSort: false,
  })
}

/** A table with sorting headers (`aria-sort`); cards below `sm`; with `window`, only rows near the view are drawn. */
export function SortableTableLayout<Row>({
  table,
  minWidth,
  caption,
  isWide,
  window: rowWindow,
}: {
  table: TanStackTable<Row>
  minWidth: number
  caption: string
  isWide: boolean
  window?: RowWindow
}): ReactNode {
  if (!isWide) return <SortableCards table={table} caption={caption} window={rowWindow} />
  const virtual = rowWindow?.virtual
  const rows = table.getRowModel().rows
  const items = rowWindow ? rowWindow.items : rows.map((_, index) => ({ index, start: 0, end: 0 }))
  const width = table.getVisibleLeafColumns().length
  const spacer = (height: number) =>
    height > 0 && (
      <Table.Tr aria-hidden>
        <Table.Td colSpan={width} p={0} style={{ height, border: 0 }} />
      </Table.Tr>
    )
  const grid = (
    <Table
      striped={!virtual}
      stickyHeader={virtual !== undefined}
      highlightOnHover
      verticalSpacing="sm"
      horizontalSpacing="md"
      bg="white"
      withTableBorder={!virtual}
      aria-label={caption}
      aria-rowcount={virtual ? rows.length + 1 : undefined}
      miw={virtual ? minWidth : undefined}
    >
      <Table.Thead>
        {table.getHeaderGroups().map((group) => (
          <Table.Tr key={group.id} aria-rowindex={virtual ? 1 : undefined}>
            {group.headers.map((header) => {
              const direction = header.column.getIsSorted()
              return (
                <Table.Th
                  key={header.id}
                  aria-sort={ariaSortOf(direction)}
                  p={header.column.getCanSort() ? 0 : undefined}
                >
                  {header.column.getCanSort() ? (
                    <SortHeaderButton direction={direction} onClick={() => header.column.toggleSorting()}>
                      {flexRender(header.column.columnDef.header, header.getContext())}
                    </SortHeaderButton>
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
        {spacer(rowWindow ? (items[0]?.start ?? 0) : 0)}
        {items.map(({ index }) => {
          const row = rows[index]!
          return (
            <Table.Tr
              key={row.id}
              data-index={virtual ? index : undefined}
              ref={rowWindow?.measure}
              aria-rowindex={virtual ? index + 2 : undefined}
            >
              {row.getVisibleCells().map((cell) => (
                <Table.Td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Table.Td>
              ))}
            </Table.Tr>
          )
        })}
        {spacer(rowWindow ? rowWindow.totalSize - (items.at(-1)?.end ?? 0) : 0)}
      </Table.Tbody>
    </Table>
  )
  const scrolling = (content: ReactNode) =>
    virtual ? (
      <Box
        ref={rowWindow.scrollBox}
        mah={virtual.maxHeight}
        bd="1px solid var(--mantine-color-gray-3)"
        style={{ overflow: 'auto' }}
        data-testid={virtual.testId}
      >
        {content}
      </Box>
    ) : (
      <Table.ScrollContainer minWidth={minWidth}>{content}</Table.ScrollContainer>
    )
  return scrolling(grid)
}

export function SortableTable<Row>({ minWidth, caption, ...props }: SortableTableProps<Row>): ReactNode {
  const table = useSortableTable(props)
  return <SortableTableLayout table={table} minWidth={minWidth} caption={caption} isWide={useIsWide()} />
}
