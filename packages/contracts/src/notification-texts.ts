import type { Notification } from './notifications.ts'

/** Texts of notifications on assignment (issue 19): the bell, its panel and the settings. */
export const NOTIFICATION_TEXT = {
  bell: (unread: number) => (unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`),
  title: 'Notifications',
  markAllRead: 'Mark all as read',
  empty: 'No notifications yet. Tasks assigned to your role will show here.',
  emailToggle: 'Email me when a task is assigned to my role',
  pushToggle: 'Push notifications on this device',
  pushOff: 'Push notifications are off on this server.',
  notFound: (id: number) => `Notification ${id} does not exist.`,
} as const

/** The live channel's event to a field user's sockets when a notification is written (after its commit). */
export const NOTIFICATION_EVENT = 'notification'

/** The field tool's task route a notification opens (spec: snapshot-field-tool, task detail). */
export const taskPathOf = (notification: Pick<Notification, 'site_code' | 'task_id'>) =>
  `/snapshot/task-details/${encodeURIComponent(notification.site_code)}/${notification.task_id}`

/** The push message's text (the service worker shows it). */
export const pushTextOf = (notification: Notification) => ({
  title: `${notification.task_title}${notification.unit_no ? ` · unit ${notification.unit_no}` : ''}`,
  body: `${notification.facility_name}: ${notification.kind === 'task_created' ? 'new task for' : 'assigned to'} your role by ${notification.actor_name}`,
  url: taskPathOf(notification),
})
