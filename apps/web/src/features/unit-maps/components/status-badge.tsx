import { Badge } from '@mantine/core'
import type { UnitStatus } from '@storageops/contracts/unit-map-rules'
import { STATUS_COLORS } from './unit-colors.ts'

/**
 * A unit's status on its map colour, its text black or white by the theme's luminance split (app/theme.ts). While
 * the statuses are `loading` it says so instead of 'No status'.
 */
export function StatusBadge({ status, loading = false }: { status: UnitStatus | undefined; loading?: boolean }) {
  if (loading && !status)
    return (
      <Badge variant="outline" color="gray.7" style={{ flexShrink: 0 }}>
        Loading…
      </Badge>
    )
  const color = STATUS_COLORS[status ?? 'Unknown']
  return (
    <Badge variant="filled" color={color} style={{ flexShrink: 0 }}>
      {status ?? 'No status'}
    </Badge>
  )
}
