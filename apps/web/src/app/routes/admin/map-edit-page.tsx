import { Alert, Anchor, Badge, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core'
import { Link, useParams } from 'react-router'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useMapLocation } from '../../../features/unit-maps/api/get-map-location.ts'
import { MapEditor } from '../../../features/unit-maps/components/map-editor.tsx'

/** Facility Map editor (/locations/{location_code}/map_edit, spec: admin-console-part-1 §2): the facility's heading and the map editor. */
export function MapEditPage() {
  const { location_code: locationCode = '' } = useParams()
  const location = useMapLocation(locationCode)
  if (location.isPending) return <PageLoader label="Loading facility…" />
  if (location.isError) {
    const unknown = location.error instanceof ApiError && location.error.status === 404
    return (
      <Alert
        color="red"
        role="alert"
        title={unknown ? 'Location code is not valid.' : 'The facility could not be loaded'}
      >
        {unknown ? (
          <Anchor component={Link} to="/locations">
            Back to Locations
          </Anchor>
        ) : (
          location.error.message
        )}
      </Alert>
    )
  }
  return (
    <Stack gap="lg">
      <Breadcrumbs separator="›">
        <Anchor component={Link} to="/locations" fz="sm">
          Locations
        </Anchor>
        <Text fz="sm" c="gray.7">
          Facility Map
        </Text>
      </Breadcrumbs>
      <Group gap="sm" align="center">
        <Title order={1} fz="h2">
          Facility Map: {location.data.name}
        </Title>
        <Badge size="lg" variant="outline" radius="sm">
          {location.data.location_code}
        </Badge>
      </Group>
      <MapEditor locationCode={location.data.location_code} />
    </Stack>
  )
}
