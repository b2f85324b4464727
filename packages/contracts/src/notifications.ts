import { z } from 'zod'
import { FieldRole } from './identity.ts'
import { idParam, intParam, text } from './primitives.ts'

export const NOTIFICATION_KINDS = ['task_created', 'task_assigned'] as const
export const NotificationKind = z.enum(NOTIFICATION_KINDS)
export type NotificationKind = z.infer<typeof NotificationKind>

/** What the bell's list shows of one notification; `task_title` is the task type's title. */
export const Notification = z.object({
  id: z.number().int(),
  kind: NotificationKind,
  task_id: z.number().int(),
  task_title: z.string(),
  unit_no: z.string().nullable(),
  site_code: z.string(),
  facility_name: z.string(),
  role: FieldRole,
  actor_name: z.string().describe('who created or assigned the task'),
  created_at: z.string(),
  read_at: z.string().nullable(),
})
export type Notification = z.infer<typeof Notification>

export const NOTIFICATION_PAGE_SIZE = 20
export const NotificationListQuery = z.object({
  page: intParam().min(1).max(100_000).default(1),
  page_size: intParam().min(1).max(100).default(NOTIFICATION_PAGE_SIZE),
})
export const NotificationList = z.object({
  entries: z.array(Notification),
  total_entries: z.number().int(),
  unread_count: z.number().int(),
})
export type NotificationList = z.infer<typeof NotificationList>

export const NotificationIdParams = z.object({ id: idParam() })
export const UnreadCount = z.object({ unread_count: z.number().int() })
export type UnreadCount = z.infer<typeof UnreadCount>

/** The signed-in field user's choices; `push_public_key` is the VAPID key, null when the server has no Web Push. */
export const NotificationSettings = z.object({
  email_on_assignment: z.boolean(),
  email: z.string().describe('where the emails go: the address the storage-management system holds'),
  push_public_key: z.string().nullable(),
})
export type NotificationSettings = z.infer<typeof NotificationSettings>
export const NotificationSettingsInput = z.object({ email_on_assignment: z.boolean() })
export type NotificationSettingsInput = z.infer<typeof NotificationSettingsInput>

/** A browser's PushSubscription.toJSON(). */
export const PushSubscriptionInput = z.object({
  endpoint: text()
    .url()
    .max(2000)
    .refine((value) => /^https?:\/\//.test(value), 'Must be an http(s) address.'),
  keys: z.object({
    p256dh: text().min(1).max(200),
    auth: text().min(1).max(100),
  }),
})
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>
export const PushUnsubscribeInput = z.object({ endpoint: text().max(2000) })
