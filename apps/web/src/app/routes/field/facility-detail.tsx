import { useEffect, useState } from 'react'
import { Alert, Anchor, Badge, Breadcrumbs, Button, Group, Stack, Text, Title } from '@mantine/core'
import { IconAlertCircle, IconListCheck, IconLock, IconPlus } from '@tabler/icons-react'
import { Link, useParams } from 'react-router'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useFacilityDetails } from '../../../features/facilities/api/get-facility-details.ts'
import { useLocations } from '../../../features/facilities/api/get-locations.ts'
import { ComboCodeModal } from '../../../features/facilities/components/combo-code-modal.tsx'
import { FacilityAlert } from '../../../features/facilities/components/facility-alert.tsx'
import { FacilityDetailsSections } from '../../../features/facilities/components/facility-details-sections.tsx'
import { NotFoundPage } from './not-found.tsx'

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />} title="This facility could not be loaded">
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{message}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  )
}

/**
 * Facility detail (spec: snapshot-field-tool §2): the facility is found by slug in the facility
 * list, its details are loaded by location code; an unknown slug shows Page Not Found.
 */
export function FacilityDetailPage() {
  const { slug = '' } = useParams()
  const locations = useLocations()
  const location = locations.data?.find((candidate) => candidate.slug === slug)
  const details = useFacilityDetails(location?.location_code)
  const [comboOpened, setComboOpened] = useState(false)
  const [openedAt] = useState(Date.now)
  // The saved list may predate a facility added since; an unknown slug is only final against a list fetched now.
  const isListFromBefore = locations.dataUpdatedAt < openedAt
  const shouldRecheck = Boolean(locations.data) && !location && isListFromBefore && !locations.isError
  const { isFetching, refetch } = locations
  useEffect(() => {
    if (shouldRecheck && !isFetching) void refetch()
  }, [shouldRecheck, isFetching, refetch])

  if (locations.isPending || shouldRecheck) return <PageLoader label="Loading facility…" />
  if (!locations.data)
    return <LoadError message={locations.error?.message ?? 'Unknown error'} onRetry={() => void locations.refetch()} />
  if (!location) return <NotFoundPage />
  if (details.isError && details.error instanceof ApiError && details.error.status === 404) return <NotFoundPage />

  const facility = details.data
  return (
    <Stack gap="lg">
      <Breadcrumbs separator="›">
        <Anchor component={Link} to="/" fz="sm">
          Facility Search
        </Anchor>
        <Text fz="sm" c="gray.7">
          {location.name}
        </Text>
      </Breadcrumbs>

      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6}>
          <Group gap="sm" align="center">
            <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
              {location.name}
            </Title>
            <Badge size="xl" variant="light" radius="sm">
              {location.location_code}
            </Badge>
          </Group>
          <Text c="gray.7">
            {location.address}, {location.city}, {location.state} {location.zip}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button leftSection={<IconLock size={18} aria-hidden />} onClick={() => setComboOpened(true)}>
            Get Combo Code
          </Button>
          <Button
            component={Link}
            to={`/snapshot/facility-tasks/${location.location_code}`}
            variant="light"
            leftSection={<IconListCheck size={18} aria-hidden />}
          >
            View Tasks
          </Button>
          <Button
            component={Link}
            to={`/snapshot/new-task/${location.location_code}`}
            variant="light"
            leftSection={<IconPlus size={18} aria-hidden />}
          >
            Create New Task
          </Button>
        </Group>
      </Group>

      {details.isPending ? (
        <PageLoader label="Loading facility details…" />
      ) : details.isError ? (
        <LoadError message={details.error.message} onRetry={() => void details.refetch()} />
      ) : (
        facility && (
          <>
            {facility.facility_alerts && <FacilityAlert text={facility.facility_alerts} />}
            <FacilityDetailsSections facility={facility} />
          </>
        )
      )}

      <ComboCodeModal opened={comboOpened} onClose={() => setComboOpened(false)} />
    </Stack>
  )
}
