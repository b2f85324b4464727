import { useRef } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import {
  CARD_GAP,
  ResponsiveTableLayout,
  useIsWide,
  type ResponsiveTableProps,
  type VirtualRows,
} from './responsive-table.tsx'

/**
 * ResponsiveTable that, given `virtual`, draws only the rows near what is in view (@tanstack/react-virtual), for lists
 * of thousands (the unit map's). Its own module, so the pages of shorter lists do not load the library (issue 17).
 */
export function VirtualResponsiveTable<Row>({
  virtual,
  ...props
}: ResponsiveTableProps<Row> & { virtual?: VirtualRows }) {
  const isWide = useIsWide(props.wideFrom)
  const scrollBox = useRef<HTMLDivElement>(null)
  const { rows, rowKey } = props
  // eslint-disable-next-line react-hooks/incompatible-library -- read during render by design; nothing is memoised on it
  const virtualizer = useVirtualizer({
    count: rows.length,
    enabled: virtual !== undefined,
    getScrollElement: () => scrollBox.current,
    estimateSize: () => (isWide ? virtual?.rowHeight : virtual?.cardHeight) ?? 0,
    getItemKey: (index) => rowKey(rows[index]!),
    gap: isWide ? 0 : CARD_GAP,
    overscan: 6,
  })
  const rowWindow = virtual && {
    virtual,
    items: virtualizer.getVirtualItems(),
    totalSize: virtualizer.getTotalSize(),
    measure: virtualizer.measureElement,
    scrollBox,
  }
  return <ResponsiveTableLayout {...props} isWide={isWide} window={rowWindow} />
}
