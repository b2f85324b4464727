import { useEffect, type ReactNode } from 'react'
import type { VirtualRows } from './responsive-table.tsx'
import { useIsWide } from './responsive-table.tsx'
import { SortableTableLayout, useSortableTable, type SortableTableProps } from './sortable-table.tsx'
import { useRowWindow } from './virtual-responsive-table.tsx'

/** SortableTable for lists of thousands (issue 30), sorted in memory, drawn near the view (decision 021). */
export function VirtualSortableTable<Row>({
  virtual,
  minWidth,
  caption,
  ...props
}: SortableTableProps<Row> & { virtual: VirtualRows }): ReactNode {
  const table = useSortableTable(props)
  const isWide = useIsWide()
  const sorted = table.getRowModel().rows
  const rowWindow = useRowWindow(sorted.length, (index) => sorted[index]!.id, virtual, isWide)
  const scrollBox = rowWindow?.scrollBox
  const order = table.getState().sorting[0]
  const orderKey = order ? `${order.id}:${order.desc}` : ''
  useEffect(() => {
    scrollBox?.current?.scrollTo({ top: 0 })
  }, [scrollBox, orderKey, props.rows])
  return <SortableTableLayout table={table} minWidth={minWidth} caption={caption} isWide={isWide} window={rowWindow} />
}
