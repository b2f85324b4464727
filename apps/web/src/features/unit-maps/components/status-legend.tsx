import { UNIT_STATUSES, type UnitStatus } from '@storageops/contracts/unit-map-rules'
import { ColorLegend } from '../../../components/ui/color-legend.tsx'
import { STATUS_COLORS } from './unit-colors.ts'

/** The unit statuses' ColorLegend, with their counts on the floor shown. */
export function StatusLegend({
  counts,
  unknownCount,
  loading = false,
}: {
  counts: Record<UnitStatus, number>
  unknownCount: number
  loading?: boolean
}) {
  const entries: { name: string; color: string; count: number }[] = UNIT_STATUSES.map((status) => ({
    name: status,
    color: STATUS_COLORS[status],
    count: counts[status],
  }))
  if (unknownCount > 0 && !loading)
    entries.push({ name: 'No status', color: STATUS_COLORS.Unknown, count: unknownCount })
  return (
    <ColorLegend label="Unit status legend" entries={entries} loading={loading} loadingText="Loading unit statuses…" />
  )
}
