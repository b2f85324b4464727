import type { Key, ReactNode, RefObject } from 'react'
import { Box, Paper, Stack, Table, Text, em, useMantineTheme, type MantineBreakpoint } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import classes from './responsive-table.module.css'
import type { SortOrder } from '@storageops/contracts/list-query'
import { ariaSortOf, SortChoice, SortHeaderButton, type TableSorting } from './sort-header.tsx'

export interface ResponsiveColumn<Row> {
  key: string
  header: ReactNode
  cell: (row: Row) => ReactNode
  align?: 'left' | 'center' | 'right'
  nowrap?: boolean
  /** The list API's `sort` name of this column: its header sorts when the table has `sorting`. */
  sort?: string
}

/**
 * A long list drawn only near the view (@tanstack/react-virtual) in a box at most `maxHeight` high; `rowHeight` and
 * `cardHeight` are first guesses in px. Screen readers still get the whole count (aria-rowcount / aria-setsize).
 */
export interface VirtualRows {
  maxHeight: string
  rowHeight: number
  cardHeight: number
  testId?: string
}

/** Gap between cards in px (Mantine's `sm` spacing), known to the virtualizer so its offsets match the layout. */
export const CARD_GAP = 12

export interface ResponsiveTableProps<Row> {
  label: string
  rows: readonly Row[]
  rowKey: (row: Row) => Key
  columns: readonly ResponsiveColumn<Row>[]
  /** A row's phone card; without it, the first column is the card's title and the others are labelled (CardFields). */
  card?: (row: Row) => ReactNode
  actions?: (row: Row) => ReactNode
  footer?: (row: Row) => ReactNode
  empty?: ReactNode
  minWidth?: number
  wideFrom?: MantineBreakpoint
  highlight?: (row: Row) => boolean
  /** Rows sorted by the server: the columns with `sort` get clickable headers, phones a sort choice. */
  sorting?: TableSorting
}

/** The rows a virtual list draws: offsets in px. */
export interface RowWindow {
  virtual: VirtualRows
  items: readonly { index: number; start: number; end: number }[]
  totalSize: number
  measure: (element: Element | null) => void
  scrollBox: RefObject<HTMLDivElement | null>
}

const headerLabel = <Row,>(column: ResponsiveColumn<Row>) =>
  typeof column.header === 'string' ? column.header : column.key

/** A record's phone card: `title` on top, then each field's label above its value, in two columns (a `<dl>`). */
export function CardFields({
  title,
  fields,
}: {
  title: ReactNode
  fields: readonly { key: Key; label: string; value: ReactNode }[]
}) {
  return (
    <div className={classes.titledCard}>
      {title}
      <dl className={classes.cardFields}>
        {fields.map((field) => (
          <div key={field.key}>
            <dt className={classes.cardLabel}>{field.label}</dt>
            <dd className={classes.cardValue}>{field.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

export function useIsWide(wideFrom: MantineBreakpoint = 'sm') {
  const theme = useMantineTheme()
  return useMediaQuery(`(min-width: ${em(theme.breakpoints[wideFrom])})`, true)
}

/**
 * Records as a table from `wideFrom` up, as plain-element cards below it, only one layout in the DOM (issue 17: both,
 * or Mantine cards, made 150 rows slow). Long lists use VirtualResponsiveTable.
 */
export function ResponsiveTable<Row>(props: ResponsiveTableProps<Row>) {
  return <ResponsiveTableLayout {...props} isWide={useIsWide(props.wideFrom)} />
}

export function ResponsiveTableLayout<Row>({
  label,
  rows,
  rowKey,
  columns,
  card,
  actions,
  footer,
  empty,
  minWidth = 720,
  highlight,
  sorting,
  isWide,
  window: rowWindow,
}: ResponsiveTableProps<Row> & { isWide: boolean; window?: RowWindow }) {
  const virtual = rowWindow?.virtual
  const [titleColumn, ...fieldColumns] = columns
  const cardOf =
    card ??
    ((row: Row) => (
      <CardFields
        title={titleColumn?.cell(row)}
        fields={fieldColumns.map((column) => ({
          key: column.key,
          label: headerLabel(column),
          value: column.cell(row),
        }))}
      />
    ))
  const sortable = sorting ? columns.filter((column) => column.sort) : []
  const directionOf = (column: ResponsiveColumn<Row>): SortOrder | false =>
    sorting !== undefined && sorting.sort === (column.sort ?? false) ? sorting.order : false
  if (rows.length === 0 && empty) return <Text c="gray.7">{empty}</Text>
  const items = rowWindow ? rowWindow.items : rows.map((_, index) => ({ index, start: 0, end: 0 }))
  const before = rowWindow ? (items[0]?.start ?? 0) : 0
  const after = rowWindow ? rowWindow.totalSize - (items.at(-1)?.end ?? 0) : 0
  const scrolling = (content: ReactNode) =>
    virtual ? (
      <Box ref={rowWindow.scrollBox} mah={virtual.maxHeight} style={{ overflow: 'auto' }} data-testid={virtual.testId}>
        {content}
      </Box>
    ) : (
      content
    )
  if (isWide) {
    const width = columns.length + (actions ? 1 : 0)
    const spacer = (height: number) =>
      height > 0 && (
        <Table.Tr aria-hidden>
          <Table.Td colSpan={width} p={0} style={{ height, border: 0 }} />
        </Table.Tr>
      )
    const table = (
      <Table
        striped={!virtual}
        stickyHeader={virtual !== undefined}
        highlightOnHover
        verticalSpacing="xs"
        aria-label={label}
        aria-rowcount={virtual ? rows.length + 1 : undefined}
        miw={virtual ? minWidth : undefined}
      >
        <Table.Thead>
          <Table.Tr aria-rowindex={virtual ? 1 : undefined}>
            {columns.map((column) =>
              sorting && column.sort ? (
                <Table.Th key={column.key} ta={column.align} p={0} aria-sort={ariaSortOf(directionOf(column))}>
                  <SortHeaderButton direction={directionOf(column)} onClick={() => sorting.onSort(column.sort!)}>
                    {column.header}
                  </SortHeaderButton>
                </Table.Th>
              ) : (
                <Table.Th key={column.key} ta={column.align}>
                  {column.header}
                </Table.Th>
              ),
            )}
            {actions && <Table.Th ta="right">Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {spacer(before)}
          {items.map(({ index }) => {
            const row = rows[index]!
            return (
              <Table.Tr
                key={rowKey(row)}
                bg={highlight?.(row) ? 'yellow.0' : undefined}
                data-index={virtual ? index : undefined}
                ref={rowWindow?.measure}
                aria-rowindex={virtual ? index + 2 : undefined}
              >
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
            )
          })}
          {spacer(after)}
        </Table.Tbody>
      </Table>
    )
    return (
      <Paper withBorder radius="md">
        {virtual ? scrolling(table) : <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>}
      </Paper>
    )
  }
  const cards = scrolling(
    <ul className={classes.cards} style={{ paddingTop: before, paddingBottom: after }} aria-label={label}>
      {items.map(({ index }) => {
        const row = rows[index]!
        return (
          <li
            key={rowKey(row)}
            className={classes.card}
            data-highlight={highlight?.(row) || undefined}
            data-index={virtual ? index : undefined}
            ref={rowWindow?.measure}
            aria-setsize={virtual ? rows.length : undefined}
            aria-posinset={virtual ? index + 1 : undefined}
          >
            <div className={classes.cardBody}>
              <div className={classes.cardMain}>{cardOf(row)}</div>
              {actions?.(row)}
            </div>
            {footer && <div className={classes.cardFooter}>{footer(row)}</div>}
          </li>
        )
      })}
    </ul>,
  )
  if (!sorting || sortable.length === 0) return cards
  return (
    <Stack gap="sm">
      <SortChoice
        columns={sortable.map((column) => ({
          key: column.sort!,
          label: headerLabel(column),
        }))}
        sort={sorting.sort}
        order={sorting.order}
        onChoose={sorting.onChoose}
      />
      {cards}
    </Stack>
  )
}
