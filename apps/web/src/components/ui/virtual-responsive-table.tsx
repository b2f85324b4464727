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

/** The rows of a list of `count` near the view of its scroll box, as table rows or cards; undefined without `virtual`. */
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

/** ResponsiveTable drawing only the rows near the view; its own module, so shorter lists do not load the library. */
export function VirtualResponsiveTable<Row>({
  virtual,
  ...props
}: ResponsiveTableProps<Row> & { virtual?: VirtualRows }) {
  const isWide = useIsWide(props.wideFrom)
  const { rows, rowKey } = props
  const rowWindow = useRowWindow(rows.length, (index) => rowKey(rows[index]!), virtual, isWide)
  return <ResponsiveTableLayout {...props} isWide={isWide} window={rowWindow} />
}
