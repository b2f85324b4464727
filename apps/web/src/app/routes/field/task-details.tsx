import { Anchor, Badge, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core'
import { Link, Navigate, useParams } from 'react-router'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { useTask } from '../../../features/tasks/api/get-task.ts'
import { isNotFound, useTaskFacility } from '../../../features/tasks/api/get-task-facility.ts'
import { PriorityLabel } from '../../../features/tasks/components/priority-label.tsx'
import { TaskActions } from '../../../features/tasks/components/task-actions.tsx'
import { TaskFields } from '../../../features/tasks/components/task-fields.tsx'
import { TaskHistory } from '../../../features/tasks/components/task-history.tsx'
import classes from './task-details.module.css'

/**
 * Task detail (spec: snapshot-field-tool §2): the task's fields, its activity history and the actions
 * of its status. A non-numeric id, an unknown site code, an unknown task or a task of another facility
 * goes to /404 (spec §8).
 */
export function TaskDetailsPage() {
  const { siteCode = '', taskId = '' } = useParams()
  const id = /^\d{1,10}$/.test(taskId) ? Number(taskId) : null
  const facility = useTaskFacility(siteCode)
  const task = useTask(id)
  if (id === null || (facility.isError && isNotFound(facility.error)) || (task.isError && isNotFound(task.error)))
    return <Navigate to="/404" replace />
  if (task.data && task.data.site_code !== siteCode) return <Navigate to="/404" replace />
  if (task.isError) return <Text c="red.9">The task could not be loaded: {task.error.message}</Text>
  if (!facility.data || !task.data) return <PageLoader label="Loading task…" />
  const location = facility.data
  const current = task.data
  const listPath = `/snapshot/${current.status === 'open' ? 'facility-tasks' : 'closed-task'}/${location.location_code}`
  return (
    <Stack gap="lg">
      <Breadcrumbs separator="›">
        <Anchor component={Link} to="/" fz="sm">
          Facility Search
        </Anchor>
        <Anchor component={Link} to={listPath} fz="sm">
          {location.name}
        </Anchor>
        <Text fz="sm" c="gray.7">
          Task #{current.id}
        </Text>
      </Breadcrumbs>
      <Stack gap={6}>
        <Group gap="sm" align="center">
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            {current.task_type.title}
            {current.unit_no ? ` · ${current.unit_no}` : ''}
          </Title>
          <Badge size="lg" radius="sm" color={current.status === 'open' ? 'teal.9' : 'gray.7'}>
            {current.status === 'open' ? 'Open' : 'Closed'}
          </Badge>
        </Group>
        <Text c="gray.7">
          <PriorityLabel prior={current.prior} size="md" /> · {location.name} ({location.location_code}) · Task #
          {current.id}
        </Text>
      </Stack>
      <div className={classes.layout}>
        <div className={classes.fields}>
          <TaskFields task={current} />
        </div>
        <div className={classes.actions}>
          <TaskActions key={`${current.id}-${current.status}`} task={current} />
        </div>
        <div className={classes.history}>
          <TaskHistory task={current} />
        </div>
      </div>
    </Stack>
  )
}
