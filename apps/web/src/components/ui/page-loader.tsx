import { Center, Loader, Skeleton, Stack } from '@mantine/core'

/** What stands in for a page or panel while it loads: a centred spinner, or `rows` grey bars of `rowHeight` pixels. */
export function PageLoader({
  label = 'Loading…',
  rows,
  rowHeight = 40,
}: {
  label?: string
  rows?: number
  rowHeight?: number
}) {
  if (rows)
    return (
      <Stack role="status" aria-label={label}>
        {Array.from({ length: rows }, (_, row) => (
          <Skeleton key={row} h={rowHeight} />
        ))}
      </Stack>
    )
  return (
    <Center mih={240} role="status" aria-label={label}>
      <Loader />
    </Center>
  )
}
