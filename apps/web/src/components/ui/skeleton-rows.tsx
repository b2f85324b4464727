import { Skeleton, Stack } from '@mantine/core'

/** Grey bars standing in for a list while it loads; `rowHeight` in px. */
export function SkeletonRows({ label, rows, rowHeight = 40 }: { label: string; rows: number; rowHeight?: number }) {
  return (
    <Stack role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} h={rowHeight} />
      ))}
    </Stack>
  )
}
