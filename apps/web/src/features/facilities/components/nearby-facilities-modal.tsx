import { Anchor, Badge, Group, Modal, Paper, Stack, Text } from '@mantine/core'
import { Link } from 'react-router'
import { findNearbyFacilities, formatMiles, type GeoPoint } from '@storageops/contracts/distance'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { useLocations } from '../api/get-locations.ts'

interface NearbyFacilitiesModalProps {
  origin: GeoPoint & { name: string }
  opened: boolean
  onClose: () => void
}

/** Nearby Facilities (spec: snapshot-field-tool §2, §5, §8): up to five within 10 miles, nearest first. */
export function NearbyFacilitiesModal({ origin, opened, onClose }: NearbyFacilitiesModalProps) {
  const locations = useLocations()
  const nearby = locations.data ? findNearbyFacilities(origin, locations.data) : []

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Nearby Facilities"
      size="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {locations.isPending ? (
        <PageLoader label="Loading facilities…" />
      ) : locations.isError && !locations.data ? (
        <FormError title="Nearby facilities could not be loaded" message={locations.error.message} />
      ) : nearby.length === 0 ? (
        <Text py="md">No facilities within 10 miles</Text>
      ) : (
        <Stack gap="sm">
          <Text fz="sm" c="gray.7">
            Nearest first, within 10 miles of {origin.name}.
          </Text>
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Nearby facilities">
            {nearby.map((facility) => (
              <Paper component="li" key={facility.id} withBorder radius="md" px="md" py="sm">
                <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
                  <div style={{ minWidth: 0 }}>
                    <Anchor component={Link} to={`/${facility.slug}`} onClick={onClose} fw={600}>
                      {facility.name}
                    </Anchor>
                    <Text fz="sm" c="gray.7">
                      {facility.address}, {facility.city}, {facility.state} {facility.zip}
                    </Text>
                  </div>
                  <Badge variant="light" size="lg" radius="sm" tt="none" style={{ flexShrink: 0 }}>
                    {formatMiles(facility.distance)}
                  </Badge>
                </Group>
              </Paper>
            ))}
          </Stack>
        </Stack>
      )}
    </Modal>
  )
}
