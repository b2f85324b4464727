import { Anchor, Badge, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core'
import { Link, Navigate, useParams, useSearchParams } from 'react-router'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { isNotFound, useTaskFacility } from '../../../features/tasks/api/get-task-facility.ts'
import { NewTaskForm } from '../../../features/tasks/components/new-task-form.tsx'

/**
 * Create New Task for a facility (spec: snapshot-field-tool §2, §5); an unknown site code goes to /404.
 * `?unit_no=` (the facility map's link for a tapped unit) starts it as a task for that unit.
 */
export function NewTaskPage() {
  const { siteCode = '' } = useParams()
  const [searchParams] = useSearchParams()
  const facility = useTaskFacility(siteCode)
  if (facility.isError && isNotFound(facility.error)) return <Navigate to="/404" replace />
  if (!facility.data) return <PageLoader label="Loading…" />
  const location = facility.data
  return (
    <Stack gap="lg">
      <Breadcrumbs separator="›">
        <Anchor component={Link} to="/" fz="sm">
          Facility Search
        </Anchor>
        <Anchor component={Link} to={`/snapshot/facility-tasks/${location.location_code}`} fz="sm">
          {location.name}
        </Anchor>
        <Text fz="sm" c="gray.7">
          Create New Task
        </Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          Create New Task
        </Title>
        <Group gap="xs">
          <Text c="gray.7">{location.name}</Text>
          <Badge variant="outline" color="harbor.8" radius="sm">
            {location.location_code}
          </Badge>
        </Group>
      </Stack>
      <NewTaskForm siteCode={location.location_code} unitNo={searchParams.get('unit_no') ?? undefined} />
    </Stack>
  )
}
