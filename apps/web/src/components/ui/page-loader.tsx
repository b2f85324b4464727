import { Center, Loader } from '@mantine/core'

/** A centred spinner for a page or panel that is loading. */
export function PageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center mih={240} role="status" aria-label={label}>
      <Loader />
    </Center>
  )
}
