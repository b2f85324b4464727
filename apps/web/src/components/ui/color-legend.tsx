import { Group, Loader, Text } from '@mantine/core'

/**
 * A colour legend (the unit maps' layers): a swatch, a name and its count per entry. While `loading` it shows the
 * colours with `loadingText` instead of counts (zeros would read as nothing there).
 */
export function ColorLegend({
  label,
  entries,
  loading = false,
  loadingText,
}: {
  label: string
  entries: readonly { name: string; color: string; count: number }[]
  loading?: boolean
  loadingText?: string
}) {
  return (
    <Group gap="md" wrap="wrap">
      <Group gap="md" role="list" aria-label={label}>
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
            {loadingText}
          </Text>
        </Group>
      )}
    </Group>
  )
}
