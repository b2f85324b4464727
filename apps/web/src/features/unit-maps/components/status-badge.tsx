import { Badge, isLightColor } from '@mantine/core'
import type { UnitStatus } from '@storageops/contracts/unit-map-rules'
import { STATUS_COLORS } from './unit-colors.ts'

/**
 * A unit's status on its map colour. The text is black or white by WCAG's luminance split (0.179), not Mantine's
 * autoContrast threshold (0.3), which put white on Vacant's green at 3.3:1. While the statuses are `loading` it
 * says so instead of 'No status'.
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
    <Badge variant="filled" color={color} c={isLightColor(color, 0.179) ? 'black' : 'white'} style={{ flexShrink: 0 }}>
      {status ?? 'No status'}
    </Badge>
  )
}
