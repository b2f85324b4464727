import { Group, Loader, Text } from '@mantine/core'
import { UNIT_STATUSES, type UnitStatus } from '@storageops/contracts/unit-map-rules'
import { STATUS_COLORS } from './unit-colors.ts'

/**
 * The colour legend of the unit statuses, each with its count on the floor shown. While the statuses are `loading`
 * it shows the colours with 'Loading unit statuses…' instead of counts (issue 18: zeros read as an empty floor).
 */
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
    <Group gap="md" wrap="wrap">
      <Group gap="md" role="list" aria-label="Unit status legend">
        {entries.map((entry) => (
          <Group key={entry.name} gap={6} role="listitem" wrap="nowrap">
            <span
              aria-hidden
              style={{
                width: 14,
                height: 14,
                borderRadius: 3,
                background: entry.color,
                border: '1px solid #495057',
                display: 'inline-block',
              }}
            />
            <Text fz="sm">
              {entry.name}
              {!loading && (
                <Text span c="gray.7" fz="sm">
                  {' '}
                  ({entry.count})
                </Text>
              )}
            </Text>
          </Group>
        ))}
      </Group>
      {loading && (
        <Group gap={6} wrap="nowrap">
          <Loader size={14} aria-hidden />
          <Text fz="sm" c="gray.7" role="status">
            Loading unit statuses…
          </Text>
        </Group>
      )}
    </Group>
  )
}
