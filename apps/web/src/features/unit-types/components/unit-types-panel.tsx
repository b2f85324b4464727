import { Badge, Group, Stack, Text } from '@mantine/core'
import { LOCATION_MESSAGES } from '@storageops/contracts/location-rules'
import { FormError } from '../../../components/ui/form-error.tsx'
import { useNotFoundRedirect } from '../../../components/ui/not-found-redirect.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SkeletonRows } from '../../../components/ui/skeleton-rows.tsx'
import { isNotFound } from '../../../lib/api.ts'
import { useLocationUnitTypes } from '../api/get-location-unit-types.ts'
import { useSsmUnitTypes } from '../api/get-ssm-unit-types.ts'
import { UnitTypesTable } from './unit-types-table.tsx'

/** Unit Types of a location (spec: admin-console-part-1 §2): the system's unit types joined with our notes and filters. */
export function UnitTypesPanel({ locationCode }: { locationCode: string }) {
  const saved = useLocationUnitTypes(locationCode)
  const ssm = useSsmUnitTypes(locationCode)
  const isInvalidCode = isNotFound(saved.error)
  useNotFoundRedirect(isInvalidCode ? LOCATION_MESSAGES.invalidLocationCode : null, '/locations')

  const location = saved.data?.location
  return (
    <Stack gap="lg">
      <PageHeader
        back={{ to: '/locations', label: 'Locations' }}
        title="Unit Types"
        description={
          location && (
            <Stack gap={4}>
              <Text fw={600} c="dark.8">
                {location.location_code} · {location.name}
              </Text>
              <Text fz="sm">
                {location.address}, {location.city}, {location.state} {location.zip}
              </Text>
              <Group gap="xs">
                <Badge variant="light" c="harbor.9">
                  {saved.data!.available_filters.length} unit filters
                </Badge>
                <Badge variant="light" c="harbor.9">
                  {ssm.data ? `${ssm.data.length} unit types` : '… unit types'}
                </Badge>
              </Group>
            </Stack>
          )
        }
      />
      {(saved.isPending || ssm.isPending) && !saved.isError && !ssm.isError && (
        <SkeletonRows label="Loading unit types…" rows={4} />
      )}
      <FormError
        message={!isInvalidCode && (saved.error ?? ssm.error)?.message}
        title="The unit types could not be loaded"
      />
      {saved.data && ssm.data && (
        <UnitTypesTable
          locationCode={locationCode}
          unitTypes={ssm.data}
          saved={saved.data.unit_types}
          filters={saved.data.available_filters}
        />
      )}
    </Stack>
  )
}
