import { Fragment } from 'react'
import { Divider, Stack, Text } from '@mantine/core'
import type { Task } from '@storageops/contracts/tasks'
import { SectionCard } from '../../../components/ui/section-card.tsx'
import { ActivityEntry } from './activity-entry.tsx'

export function TaskHistory({ task }: { task: Task }) {
  return (
    <SectionCard title="Activity History">
      {task.task_activities.length === 0 ? (
        <Text c="gray.7">No activity yet.</Text>
      ) : (
        <Stack gap="md">
          {task.task_activities.map((activity, index) => (
            <Fragment key={activity.id}>
              {index > 0 && <Divider />}
              <ActivityEntry activity={activity} siteCode={task.site_code} />
            </Fragment>
          ))}
        </Stack>
      )}
    </SectionCard>
  )
}
