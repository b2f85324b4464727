import { Badge, Group, Stack } from '@mantine/core'
import { Navigate, useParams, useSearchParams } from 'react-router'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { FormError } from '../../../components/ui/form-error.tsx'
import { CanonicalRedirect, isOtherCase } from '../../../components/ui/canonical-redirect.tsx'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { useTaskFormSavedForOffline } from '../../../features/tasks/api/get-ssm-units.ts'
import { useTaskFacility } from '../../../features/tasks/api/get-task-facility.ts'
import { isNotFound } from '../../../lib/api.ts'
import { NewTaskForm } from '../../../features/tasks/components/new-task-form.tsx'

/** Create New Task (spec: snapshot-field-tool §2, §5); `?unit_no=` (from the facility map) starts a unit task. */
export function NewTaskPage() {
  const { siteCode = '' } = useParams()
  const [searchParams] = useSearchParams()
  const facility = useTaskFacility(siteCode)
  useTaskFormSavedForOffline(facility.data?.location_code)
  if (facility.isError && isNotFound(facility.error)) return <Navigate to="/404" replace />
  if (facility.data && isOtherCase(siteCode, facility.data.location_code))
    return <CanonicalRedirect typed={siteCode} canonical={facility.data.location_code} />
  if (facility.isError) return <FormError title="The facility could not be loaded" message={facility.error.message} />
  if (!facility.data) return <PageLoader label="Loading…" />
  const location = facility.data
  return (
    <Stack gap="lg">
      <PageHeader
        breadcrumbs={[
          { label: 'Facility Search', to: '/' },
          { label: location.name, to: `/snapshot/facility-tasks/${location.location_code}` },
          { label: 'Create New Task' },
        ]}
        title="Create New Task"
        description={
          <Group gap="xs">
            {location.name}
            <Badge variant="outline" color="harbor.8" radius="sm">
              {location.location_code}
            </Badge>
          </Group>
        }
      />
      <NewTaskForm siteCode={location.location_code} unitNo={searchParams.get('unit_no') ?? undefined} />
    </Stack>
  )
}
