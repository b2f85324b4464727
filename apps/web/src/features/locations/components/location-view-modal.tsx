import { Fieldset, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { formatFieldValue } from '@storageops/contracts/fields'
import type { LocationRecord } from '@storageops/contracts/locations'
import { LOCATION_FIELD_GROUPS } from '../location-fields.ts'
import { FetchReviewsButton } from './fetch-reviews-button.tsx'
import { LocationPageLinks } from './location-page-links.tsx'

export function LocationViewModal({ location, onClose }: { location: LocationRecord | null; onClose: () => void }) {
  const isPhone = useMediaQuery('(max-width: 36em)')
  return (
    <Modal
      opened={location !== null}
      onClose={onClose}
      title={location ? `${location.name} (${location.location_code})` : ''}
      size="xl"
      centered
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {location && (
        <Stack gap="md">
          {LOCATION_FIELD_GROUPS.map((group) => (
            <Fieldset key={group.title} legend={group.title} radius="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" component="dl" m={0}>
                {group.fields.map((field) => (
                  <div key={field.key}>
                    <Text component="dt" fz="xs" c="gray.7" fw={600}>
                      {field.label}
                    </Text>
                    <Text component="dd" m={0} fz="sm" style={{ overflowWrap: 'anywhere' }}>
                      {formatFieldValue(field, location[field.key])}
                    </Text>
                  </div>
                ))}
              </SimpleGrid>
            </Fieldset>
          ))}
          <Group justify="space-between">
            <LocationPageLinks locationCode={location.location_code} />
            <FetchReviewsButton locationCode={location.location_code} />
          </Group>
        </Stack>
      )}
    </Modal>
  )
}
