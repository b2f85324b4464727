import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { FIELD_ROLES } from '@storageops/contracts/identity'
import { NOTIFICATION_KINDS } from '@storageops/contracts/notifications'
import { tasks } from './tasks.ts'

/**
 * Field-tool users the product has seen: the storage-management system keeps the staff, so a user is recorded (and
 * their role refreshed) at each field sign-in. Notifications go to the users of a role recorded here (decision 020).
 */
export const fieldUsers = pgTable('field_users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  full_name: text('full_name').notNull(),
  email: text('email').notNull(),
  role: text('role', { enum: FIELD_ROLES }).notNull(),
  email_on_assignment: boolean('email_on_assignment').notNull().default(false),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  last_sign_in_at: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
})

/** One row per recipient of a task created for or assigned to their role; `pushed_at` claims the Web Push send. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => fieldUsers.id, { onDelete: 'cascade' }),
    task_id: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    role: text('role', { enum: FIELD_ROLES }).notNull(),
    actor_name: text('actor_name').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    read_at: timestamp('read_at', { withTimezone: true }),
    pushed_at: timestamp('pushed_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.user_id, table.created_at.desc(), table.id.desc()),
    index('notifications_user_unread_idx')
      .on(table.user_id)
      .where(sql`${table.read_at} is null`),
    index('notifications_task_idx').on(table.task_id),
  ],
)

/** A browser's Web Push subscription of a field user (PushSubscription.toJSON()). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => fieldUsers.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(table.endpoint),
    index('push_subscriptions_user_idx').on(table.user_id),
  ],
)
