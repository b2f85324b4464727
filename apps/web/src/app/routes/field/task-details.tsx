import { Badge, Stack } from '@mantine/core'
import { Navigate, useParams } from 'react-router'
import { FormError } from '../../../components/ui/form-error.tsx'
import { CanonicalRedirect, isOtherCase } from '../../../components/ui/canonical-redirect.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PageLoader } from '../../../components/ui/page-loader.tsx'
import { useTask } from '../../../features/tasks/api/get-task.ts'
import { useTaskFacility } from '../../../features/tasks/api/get-task-facility.ts'
import { isNotFound } from '../../../lib/api.ts'
import { PriorityLabel } from '../../../features/tasks/components/priority-label.tsx'
import { TaskActions } from '../../../features/tasks/components/task-actions.tsx'
import { TaskFields } from '../../../features/tasks/components/task-fields.tsx'
import { TaskHistory } from '../../../features/tasks/components/task-history.tsx'
import classes from './task-details.module.css'

/** Task detail (spec: snapshot-field-tool §2); a bad id, unknown task or another facility's task goes to /404 (§8). */
export function TaskDetailsPage() {
  const { siteCode = '', taskId = '' } = useParams()
  const id = /^\d{1,10}$/.test(taskId) ? Number(taskId) : null
  const facility = useTaskFacility(siteCode)
  const task = useTask(id)
  if (id === null || (facility.isError && isNotFound(facility.error)) || (task.isError && isNotFound(task.error)))
    return <Navigate to="/404" replace />
  if (task.data && isOtherCase(siteCode, task.data.site_code))
    return <CanonicalRedirect typed={siteCode} canonical={task.data.site_code} />
  if (task.data && task.data.site_code !== siteCode) return <Navigate to="/404" replace />
  if (task.isError) return <FormError title="The task could not be loaded" message={task.error.message} />
  if (facility.isError) return <FormError title="The facility could not be loaded" message={facility.error.message} />
  if (!facility.data || !task.data) return <PageLoader label="Loading task…" />
  const location = facility.data
  const current = task.data
  const listPath = `/snapshot/${current.status === 'open' ? 'facility-tasks' : 'closed-task'}/${location.location_code}`
  return (
    <Stack gap="lg">
      <PageHeader
        breadcrumbs={[
          { label: 'Facility Search', to: '/' },
          { label: location.name, to: listPath },
          { label: `Task #${current.id}` },
        ]}
        title={`${current.task_type.title}${current.unit_no ? ` · ${current.unit_no}` : ''}`}
        badge={
          <Badge size="lg" radius="sm" color={current.status === 'open' ? 'teal.9' : 'gray.7'}>
            {current.status === 'open' ? 'Open' : 'Closed'}
          </Badge>
        }
        description={
          <>
            <PriorityLabel prior={current.prior} size="md" /> · {location.name} ({location.location_code}) · Task #
            {current.id}
          </>
        }
      />
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
