import { useRef, type Key } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import {
  CARD_GAP,
  ResponsiveTableLayout,
  useIsWide,
  type ResponsiveTableProps,
  type RowWindow,
  type VirtualRows,
} from './responsive-table.tsx'

/**
 * The rows of a list of `count` near what is in view of its scroll box (@tanstack/react-virtual), as table rows when
 * `isWide` else as cards; undefined without `virtual`. Shared by VirtualResponsiveTable and VirtualSortableTable.
 */
export function useRowWindow(
  count: number,
  keyAt: (index: number) => Key,
  virtual: VirtualRows | undefined,
  isWide: boolean,
): RowWindow | undefined {
  const scrollBox = useRef<HTMLDivElement>(null)
  // eslint-disable-next-line react-hooks/incompatible-library -- read during render by design; nothing is memoised on it
  const virtualizer = useVirtualizer({
    count,
    enabled: virtual !== undefined,
    getScrollElement: () => scrollBox.current,
    estimateSize: () => (isWide ? virtual?.rowHeight : virtual?.cardHeight) ?? 0,
    getItemKey: keyAt,
    gap: isWide ? 0 : CARD_GAP,
    overscan: 6,
  })
  return (
    virtual && {
      virtual,
      items: virtualizer.getVirtualItems(),
      totalSize: virtualizer.getTotalSize(),
      measure: virtualizer.measureElement,
      scrollBox,
    }
  )
}

/**
 * ResponsiveTable that, given `virtual`, draws only the rows near what is in view, for lists of thousands (the unit
 * map's, the facility search's). Its own module, so the pages of shorter lists do not load the library (issue 17).
 */
export function VirtualResponsiveTable<Row>({
  virtual,
  ...props
}: ResponsiveTableProps<Row> & { virtual?: VirtualRows }) {
  const isWide = useIsWide(props.wideFrom)
  const { rows, rowKey } = props
  const rowWindow = useRowWindow(rows.length, (index) => rowKey(rows[index]!), virtual, isWide)
  return <ResponsiveTableLayout {...props} isWide={isWide} window={rowWindow} />
}
