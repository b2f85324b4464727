import { Suspense, useState, type ReactNode } from 'react'
import {
  ActionIcon,
  Box,
  Button,
  Divider,
  Drawer,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
  em,
  useMantineTheme,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconBell } from '@tabler/icons-react'
import { Link } from 'react-router'
import { formatDateTime } from '@storageops/contracts/date-time'
import { NOTIFICATION_TEXT, taskPathOf } from '@storageops/contracts/notification-texts'
import type { Notification } from '@storageops/contracts/notifications'
import { lazyWithPreload, useIdlePreload } from '../../../lib/lazy-with-preload.ts'
import { errorMessage } from '../../../lib/error-message.ts'
import { useNotifications } from '../api/get-notifications.ts'
import { useMarkNotificationRead } from '../api/mark-notification-read.ts'
import { useLiveNotifications } from '../api/use-live-notifications.ts'

const { Component: NotificationSettingsForm, preload: preloadSettingsForm } = lazyWithPreload(() =>
  import('./notification-settings-form.tsx').then((module) => module.default),
)

/** The field header's bell (issue 19): a popover on a desk, a sheet from the bottom on a phone. */
export function NotificationBell() {
  const theme = useMantineTheme()
  const isPhone = useMediaQuery(`(max-width: ${em(theme.breakpoints.sm)})`, false)
  const [opened, setOpened] = useState(false)
  useIdlePreload(preloadSettingsForm)
  useLiveNotifications()
  const list = useNotifications()
  const unread = list.data?.unread_count ?? 0
  const label = NOTIFICATION_TEXT.bell(unread)

  const indicator = (button: ReactNode) => (
    <Indicator
      label={<span aria-hidden>{unread > 99 ? '99+' : unread}</span>}
      disabled={unread === 0}
      size={18}
      color="red.8"
      offset={6}
    >
      {button}
    </Indicator>
  )
  const button = (
    <ActionIcon
      variant="subtle"
      color="dark"
      size="lg"
      aria-label={label}
      onPointerEnter={preloadSettingsForm}
      onFocus={preloadSettingsForm}
      onClick={() => setOpened((value) => !value)}
    >
      <IconBell size={22} aria-hidden />
    </ActionIcon>
  )
  const panel = <NotificationPanel listHeight={isPhone ? '55dvh' : 360} onOpenTask={() => setOpened(false)} />

  if (isPhone)
    return (
      <>
        {indicator(button)}
        <Drawer
          opened={opened}
          onClose={() => setOpened(false)}
          position="bottom"
          size="85%"
          title={NOTIFICATION_TEXT.title}
          padding="md"
          closeButtonProps={{ 'aria-label': 'Close notifications' }}
          styles={{ title: { fontWeight: 700 } }}
        >
          {panel}
        </Drawer>
      </>
    )
  return indicator(
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={400} shadow="md" withArrow>
      <Popover.Target>{button}</Popover.Target>
      <Popover.Dropdown p={0} aria-label={NOTIFICATION_TEXT.title}>
        <Text fw={700} px="md" pt="sm">
          {NOTIFICATION_TEXT.title}
        </Text>
        <Box p="md" pt="xs">
          {panel}
        </Box>
      </Popover.Dropdown>
    </Popover>,
  )
}

function NotificationPanel({ listHeight, onOpenTask }: { listHeight: number | string; onOpenTask: () => void }) {
  const list = useNotifications()
  const markRead = useMarkNotificationRead()
  const entries = list.data?.entries ?? []
  const unread = list.data?.unread_count ?? 0

  const open = (notification: Notification) => {
    onOpenTask()
    if (!notification.read_at) markRead.mutate(notification.id)
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fz="sm" c="gray.7">
          {unread === 0 ? 'All read' : `${unread} unread`}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={unread === 0}
          loading={markRead.isPending && markRead.variables === 'all'}
          onClick={() => markRead.mutate('all')}
        >
          {NOTIFICATION_TEXT.markAllRead}
        </Button>
      </Group>
      {list.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label="Loading notifications" />
        </Group>
      ) : list.isError ? (
        <Text c="red.8" fz="sm" role="alert">
          {errorMessage(list.error, 'Notifications could not be loaded.')}
        </Text>
      ) : entries.length === 0 ? (
        <Text c="gray.7" fz="sm" ta="center" py="md">
          {NOTIFICATION_TEXT.empty}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={listHeight} type="auto">
          <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {entries.map((notification) => (
              <li key={notification.id}>
                <NotificationItem notification={notification} onOpen={() => open(notification)} />
              </li>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <Divider />
      <Suspense fallback={<SettingsLoading />}>
        <NotificationSettingsForm />
      </Suspense>
    </Stack>
  )
}

function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const isUnread = notification.read_at === null
  const what = notification.kind === 'task_created' ? 'New task for your role' : 'Assigned to your role'
  return (
    <UnstyledButton
      component={Link}
      to={taskPathOf(notification)}
      onClick={onOpen}
      display="block"
      w="100%"
      p="xs"
      bg={isUnread ? 'blue.0' : undefined}
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      aria-label={`${isUnread ? 'Unread: ' : ''}${notification.task_title}${notification.unit_no ? `, unit ${notification.unit_no}` : ''} at ${notification.facility_name}`}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Box
          mt={6}
          w={8}
          h={8}
          style={{ borderRadius: '50%', flexShrink: 0 }}
          bg={isUnread ? 'blue.7' : 'transparent'}
          aria-hidden
        />
        <Box style={{ minWidth: 0 }}>
          <Text fz="sm" fw={isUnread ? 700 : 500} c="dark.7">
            {notification.task_title}
            {notification.unit_no ? ` · Unit ${notification.unit_no}` : ''}
          </Text>
          <Text fz="sm" c="dark.5" truncate>
            {notification.facility_name}
          </Text>
          <Text fz="xs" c="gray.7">
            {what} by {notification.actor_name} · {formatDateTime(notification.created_at)}
          </Text>
        </Box>
      </Group>
    </UnstyledButton>
  )
}

/** The settings' two switches as they will stand, tracks shimmering, while their code loads on a slow link. */
function SettingsLoading() {
  return (
    <Stack gap="xs" aria-busy="true">
      {[NOTIFICATION_TEXT.emailToggle, NOTIFICATION_TEXT.pushToggle].map((label) => (
        <Group key={label} gap={0} wrap="nowrap" align="flex-start">
          <Skeleton w={38} h={20} radius="xl" style={{ flexShrink: 0 }} />
          <Text fz="sm" c="dimmed" pl="sm" lh="20px">
            {label}
          </Text>
        </Group>
      ))}
    </Stack>
  )
}
