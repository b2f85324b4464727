import { useEffect, useState } from 'react'
import { Badge, Button, Stack } from '@mantine/core'
import { IconListCheck, IconLock, IconPlus, IconWalk } from '@tabler/icons-react'
import { Link, useParams } from 'react-router'
import { CanonicalRedirect, isOtherCase } from '../../../components/ui/canonical-redirect.tsx'
import { FormError } from '../../../components/ui/form-error.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { isNotFound } from '../../../lib/api.ts'
import { useFacilityDetails } from '../../../features/facilities/api/get-facility-details.ts'
import { useLocations } from '../../../features/facilities/api/get-locations.ts'
import { ComboCodeModal } from '../../../features/facilities/components/combo-code-modal.tsx'
import { DetailsNotFilledIn } from '../../../features/facilities/components/details-not-filled-in.tsx'
import { FacilityAlert } from '../../../features/facilities/components/facility-alert.tsx'
import { FacilityDetailsSections } from '../../../features/facilities/components/facility-details-sections.tsx'
import { useTaskFormSavedForOffline } from '../../../features/tasks/api/get-ssm-units.ts'
import { NotFoundPage } from './not-found.tsx'

/**
 * Facility detail (spec: snapshot-field-tool §2); an unknown slug shows Page Not Found, a known one whose details
 * were never saved a note in place of the sections.
 */
export function FacilityDetailPage() {
  const { slug = '' } = useParams()
  const locations = useLocations()
  const location = locations.data?.find((candidate) => candidate.slug.toLowerCase() === slug.toLowerCase())
  const details = useFacilityDetails(location?.location_code)
  useTaskFormSavedForOffline(details.data ? location?.location_code : undefined)
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
    return (
      <FormError
        title="This facility could not be loaded"
        message={locations.error?.message ?? 'Unknown error'}
        onRetry={() => void locations.refetch()}
      />
    )
  if (!location) return <NotFoundPage />
  if (isOtherCase(slug, location.slug)) return <CanonicalRedirect typed={slug} canonical={location.slug} />
  if (isNotFound(details.error)) return <NotFoundPage />

  const facility = details.data
  return (
    <Stack gap="lg">
      <PageHeader
        breadcrumbs={[{ label: 'Facility Search', to: '/' }, { label: location.name }]}
        title={location.name}
        badge={
          <Badge size="xl" variant="light" radius="sm">
            {location.location_code}
          </Badge>
        }
        description={`${location.address}, ${location.city}, ${location.state} ${location.zip}`}
        actions={
          <>
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
            <Button
              component={Link}
              to={`/snapshot/${location.location_code}/walkthroughs`}
              variant="light"
              leftSection={<IconWalk size={18} aria-hidden />}
            >
              Walkthroughs
            </Button>
          </>
        }
      />

      {details.isPending ? (
        <PageLoader label="Loading facility details…" />
      ) : details.isError ? (
        <FormError
          title="This facility could not be loaded"
          message={details.error.message}
          onRetry={() => void details.refetch()}
        />
      ) : (
        facility &&
        (facility.details_filled_in ? (
          <>
            {facility.facility_alerts && <FacilityAlert text={facility.facility_alerts} />}
            <FacilityDetailsSections facility={facility} />
          </>
        ) : (
          <DetailsNotFilledIn where="field" />
        ))
      )}

      <ComboCodeModal opened={comboOpened} onClose={() => setComboOpened(false)} />
    </Stack>
  )
}
