import { Alert } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'
import { DETAILS_NOT_FILLED_IN } from '@storageops/contracts/facilities-fields'

/** The note of a facility whose details were never saved, in the field tool or in the snapshot editor. */
export function DetailsNotFilledIn({ where }: { where: 'field' | 'editor' }) {
  return (
    <Alert
      color="blue"
      variant="light"
      radius="md"
      title={DETAILS_NOT_FILLED_IN.title}
      icon={<IconInfoCircle aria-hidden />}
      styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}
    >
      {DETAILS_NOT_FILLED_IN[where]}
    </Alert>
  )
}
