import { Fragment } from 'react'
import { Divider, Paper, Stack, Text, Title } from '@mantine/core'
import type { Task } from '@storageops/contracts/tasks'
import { ActivityEntry } from './activity-entry.tsx'

/** A task's activity history, newest first (spec §2 Task detail). */
export function TaskHistory({ task }: { task: Task }) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      bg="white"
      component="section"
      aria-labelledby="task-history-heading"
    >
      <Title order={2} fz="h4" id="task-history-heading" mb="md">
        Activity History
      </Title>
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
    </Paper>
  )
}
