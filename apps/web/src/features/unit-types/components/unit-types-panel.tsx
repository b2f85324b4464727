import { useEffect } from 'react'
import { Alert, Anchor, Badge, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react'
import { Link, useNavigate } from 'react-router'
import { LOCATION_MESSAGES } from '@storageops/contracts/location-rules'
import { ApiError } from '../../../lib/api.ts'
import { showToast } from '../../../lib/toast.ts'
import { useLocationUnitTypes } from '../api/get-location-unit-types.ts'
import { useSsmUnitTypes } from '../api/get-ssm-unit-types.ts'
import { UnitTypesTable } from './unit-types-table.tsx'

/**
 * Unit Types of a location (/locations/{location_code}/unit_types, spec: admin-console-part-1 §2):
 * the header with code, name, address and the counts of unit filters and unit types, then the table
 * of the storage-management system's unit types joined with our notes and filters.
 */
export function UnitTypesPanel({ locationCode }: { locationCode: string }) {
  const saved = useLocationUnitTypes(locationCode)
  const ssm = useSsmUnitTypes(locationCode)
  const navigate = useNavigate()
  const isInvalidCode = saved.error instanceof ApiError && saved.error.status === 404

  useEffect(() => {
    if (!isInvalidCode) return
    showToast(LOCATION_MESSAGES.invalidLocationCode, 'error')
    void navigate('/locations', { replace: true })
  }, [isInvalidCode, navigate])

  const location = saved.data?.location
  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to="/locations" fz="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            Locations
          </Group>
        </Anchor>
        <Title order={1} fz="h2">
          Unit Types
        </Title>
        {location && (
          <Stack gap={4} mt={4}>
            <Text fw={600}>
              {location.location_code} · {location.name}
            </Text>
            <Text fz="sm" c="gray.7">
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
        )}
      </div>
      {(saved.isPending || ssm.isPending) && !saved.isError && !ssm.isError && (
        <Stack>
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} h={40} />
          ))}
        </Stack>
      )}
      {saved.isError && !isInvalidCode && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
          {saved.error.message}
        </Alert>
      )}
      {ssm.isError && !isInvalidCode && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
          {ssm.error.message}
        </Alert>
      )}
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
