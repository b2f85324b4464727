import { Button, Center, Divider, Drawer, Loader, Stack, Text } from '@mantine/core'
import { Fragment } from 'react'
import { useTaskActivities } from '../api/get-task-activities.ts'
import { ActivityEntry } from './activity-entry.tsx'

/** The slide-in Activity Log of a facility (spec §2, §4): newest first, 10 at a time, Load more for the next page. */
export function ActivityLogDrawer({
  siteCode,
  opened,
  onClose,
}: {
  siteCode: string
  opened: boolean
  onClose: () => void
}) {
  const activities = useTaskActivities(siteCode, opened)
  const entries = activities.data?.pages.flatMap((page) => page.entries) ?? []
  const total = activities.data?.pages[0]?.total_entries ?? 0
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={
        <Text fw={700} fz="lg">
          Activity Log
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Close Activity Log' }}
    >
      {activities.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading activity" />
        </Center>
      ) : activities.isError ? (
        <Text c="red.9">The activity log could not be loaded: {activities.error.message}</Text>
      ) : entries.length === 0 ? (
        <Text c="gray.7">No activity yet.</Text>
      ) : (
        <Stack gap="md">
          <Text fz="xs" c="gray.7">
            Showing {entries.length} of {total}
          </Text>
          {entries.map((activity, index) => (
            <Fragment key={activity.id}>
              {index > 0 && <Divider />}
              <ActivityEntry activity={activity} siteCode={siteCode} withTask />
            </Fragment>
          ))}
          {activities.hasNextPage && (
            <Button
              variant="light"
              onClick={() => void activities.fetchNextPage()}
              loading={activities.isFetchingNextPage}
            >
              Load more
            </Button>
          )}
        </Stack>
      )}
    </Drawer>
  )
}
