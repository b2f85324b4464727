import { Anchor, Badge, Stack } from '@mantine/core'
import { Link, useParams } from 'react-router'
import { FormError } from '../../../components/ui/form-error.tsx'
import { CanonicalRedirect, isOtherCase } from '../../../components/ui/canonical-redirect.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { isNotFound } from '../../../lib/api.ts'
import { useMapLocation } from '../../../features/unit-maps/api/get-map-location.ts'
import { MapEditor } from '../../../features/unit-maps/components/map-editor.tsx'

export function MapEditPage() {
  const { location_code: locationCode = '' } = useParams()
  const location = useMapLocation(locationCode)
  if (location.isPending) return <PageLoader label="Loading facility…" />
  if (location.data && isOtherCase(locationCode, location.data.location_code))
    return <CanonicalRedirect typed={locationCode} canonical={location.data.location_code} />
  if (location.isError) {
    return isNotFound(location.error) ? (
      <FormError
        title="Location code is not valid."
        message={
          <Anchor component={Link} to="/locations">
            Back to Locations
          </Anchor>
        }
      />
    ) : (
      <FormError title="The facility could not be loaded" message={location.error.message} />
    )
  }
  return (
    <Stack gap="lg">
      <PageHeader
        breadcrumbs={[{ label: 'Locations', to: '/locations' }, { label: 'Facility Map' }]}
        title={`Facility Map: ${location.data.name}`}
        badge={
          <Badge size="lg" variant="outline" radius="sm">
            {location.data.location_code}
          </Badge>
        }
      />
      <MapEditor locationCode={location.data.location_code} />
    </Stack>
  )
}
