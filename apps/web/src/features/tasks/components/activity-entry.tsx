import { Anchor, Group, Stack, Text } from '@mantine/core'
import { Link } from 'react-router'
import { describeActionTime, formatDateTime } from '@storageops/contracts/date-time'
import type { TaskActivity } from '@storageops/contracts/tasks'
import { ROLE_LABELS } from '@storageops/contracts/task-rules'
import { PersonBadge } from './role-badge.tsx'

/** What an activity did, in words. */
export function describeActivity(activity: TaskActivity): string {
  switch (activity.action) {
    case 'create':
      return 'created the task'
    case 'note':
      return 'added a note'
    case 'assign':
      return activity.role ? `assigned it to ${ROLE_LABELS[activity.role]}` : 'removed the assignee'
    case 'close':
      return 'closed the task'
    case 'reopen':
      return 'reopened the task'
  }
}

/** One task activity (spec §3); `withTask` names and links the task (the facility Activity Log). */
export function ActivityEntry({
  activity,
  siteCode,
  withTask = false,
}: {
  activity: TaskActivity
  siteCode: string
  withTask?: boolean
}) {
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap" data-testid="activity-entry">
      <PersonBadge name={activity.source_full_name} role={activity.source} />
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Text fz="sm" lh={1.35}>
          <Text span fw={600} title={activity.source_username}>
            {activity.source_full_name}
          </Text>{' '}
          <Text span c="gray.7" fz="xs">
            ({ROLE_LABELS[activity.source]})
          </Text>{' '}
          {describeActivity(activity)}
          {withTask && (
            <>
              {' '}
              <Anchor component={Link} to={`/snapshot/task-details/${siteCode}/${activity.task_id}`} fz="sm" fw={500}>
                {activity.task_type.title}
                {activity.unit_no ? ` · ${activity.unit_no}` : ''}
              </Anchor>
            </>
          )}
        </Text>
        {activity.note && activity.action !== 'create' && (
          <Text fz="sm" c="dark.6" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {activity.note}
          </Text>
        )}
        <Text fz="xs" c="gray.7">
          {describeActionTime(activity.acted_at, activity.created_at) ?? formatDateTime(activity.created_at)}
        </Text>
      </Stack>
    </Group>
  )
}
