import { and, count, desc, eq, isNull, ne, sql } from 'drizzle-orm'
import type { FieldRole, FieldUser } from '@storageops/contracts/identity'
import {
  type Notification,
  type NotificationKind,
  type NotificationList,
  type NotificationSettings,
  type PushSubscriptionInput,
} from '@storageops/contracts/notifications'
import { NOTIFICATION_TEXT, taskPathOf, pushTextOf } from '@storageops/contracts/notification-texts'
import { PRIORITY_DISPLAY, ROLE_LABELS } from '@storageops/contracts/task-rules'
import type { Db, Tx } from '../../db/client.ts'
import { fieldUsers, locations, notifications, pushSubscriptions, taskTypes, tasks } from '../../db/schema.ts'
import type { Env } from '../../env.ts'
import { notFound } from '../../lib/http-error.ts'
import { facilityPlaceholders, queueMessage } from '../communications/outbox.service.ts'
import type { PushOutcome, PushSender } from '../../integrations/web-push/push-sender.ts'

/** NOTIFY channel: one notification id per message, delivered by PostgreSQL only when its transaction commits. */
export const NOTIFICATIONS_CHANNEL = 'storageops_notifications'

/** Records the field user at sign-in (the storage-management system holds the staff) and refreshes their role. */
export async function recordFieldUser(db: Db | Tx, user: FieldUser): Promise<number> {
  const now = new Date()
  const [row] = await db
    .insert(fieldUsers)
    .values({ ...user, last_sign_in_at: now })
    .onConflictDoUpdate({
      target: fieldUsers.username,
      set: { full_name: user.full_name, email: user.email, role: user.role, last_sign_in_at: now },
    })
    .returning({ id: fieldUsers.id })
  return row!.id
}

export async function fieldUserIdOf(db: Db, user: FieldUser): Promise<number> {
  const [row] = await db
    .select({ id: fieldUsers.id })
    .from(fieldUsers)
    .where(eq(fieldUsers.username, user.username))
    .limit(1)
  return row?.id ?? recordFieldUser(db, user)
}

/** The field tool's address for links in emails: FIELD_BASE_URL, else the local snapshot host. */
export const fieldBaseUrlOf = (env: Pick<Env, 'FIELD_BASE_URL' | 'PORT'>) =>
  (env.FIELD_BASE_URL ?? `http://snapshot.localhost:${env.PORT}`).replace(/\/$/, '')

export interface AssignmentNotice {
  task_id: number
  role: FieldRole
  kind: NotificationKind
  /** The acting field user's username (never notified), or null when an admin acted. */
  actor_username: string | null
  /** Shown when the actor is no recorded field user (an admin's email). */
  actor_name: string
  field_base_url: string
}

/** In the transaction setting a task's role: notifies the role's field users but the actor (email, NOTIFY at commit). */
export async function notifyAssignment(tx: Tx, notice: AssignmentNotice): Promise<number[]> {
  const recipients = await tx
    .select()
    .from(fieldUsers)
    .where(
      and(
        eq(fieldUsers.role, notice.role),
        notice.actor_username === null ? undefined : ne(fieldUsers.username, notice.actor_username),
      ),
    )
  if (recipients.length === 0) return []
  const [actor] = notice.actor_username
    ? await tx
        .select({ full_name: fieldUsers.full_name })
        .from(fieldUsers)
        .where(eq(fieldUsers.username, notice.actor_username))
    : []
  const actorName = actor?.full_name || notice.actor_name
  const now = new Date()
  const rows = await tx
    .insert(notifications)
    .values(
      recipients.map((user) => ({
        user_id: user.id,
        task_id: notice.task_id,
        kind: notice.kind,
        role: notice.role,
        actor_name: actorName,
        created_at: now,
      })),
    )
    .returning({ id: notifications.id, user_id: notifications.user_id })
  const emailed = recipients.filter((user) => user.email_on_assignment && user.email.trim())
  if (emailed.length > 0) {
    const [task] = await tx
      .select({ task: tasks, title: taskTypes.title, facility: locations })
      .from(tasks)
      .innerJoin(taskTypes, eq(taskTypes.id, tasks.task_type_id))
      .innerJoin(locations, eq(locations.location_code, tasks.location_code))
      .where(eq(tasks.id, notice.task_id))
    for (const user of emailed) {
      const notification = rows.find((row) => row.user_id === user.id)!
      await queueMessage(tx, {
        idempotency_key: `task-assigned/${notification.id}`,
        template: 'task_assigned',
        location_code: task!.task.location_code,
        methods: ['email'],
        recipient: { name: user.full_name, email: user.email },
        data: {
          ...facilityPlaceholders(task!.facility),
          staff: { full_name: user.full_name },
          role: ROLE_LABELS[notice.role],
          task_title: task!.title,
          unit_no: task!.task.unit_no ?? '—',
          priority: PRIORITY_DISPLAY[task!.task.prior].label,
          description: task!.task.description,
          assigned_by: actorName,
          task_url: `${notice.field_base_url}${taskPathOf({ site_code: task!.task.location_code, task_id: notice.task_id })}`,
        },
      })
    }
  }
  const ids = sql.join(
    rows.map((row) => sql`${row.id}`),
    sql`, `,
  )
  await tx.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, id::text) from notifications where id in (${ids})`)
  return rows.map((row) => row.id)
}

const notificationColumns = {
  id: notifications.id,
  kind: notifications.kind,
  task_id: notifications.task_id,
  task_title: taskTypes.title,
  unit_no: tasks.unit_no,
  site_code: tasks.location_code,
  facility_name: locations.name,
  role: notifications.role,
  actor_name: notifications.actor_name,
  created_at: notifications.created_at,
  read_at: notifications.read_at,
}

type NotificationRow = Omit<Notification, 'created_at' | 'read_at'> & { created_at: Date; read_at: Date | null }

const toNotification = (row: NotificationRow): Notification => ({
  ...row,
  created_at: row.created_at.toISOString(),
  read_at: row.read_at?.toISOString() ?? null,
})

const selectNotifications = (db: Db) =>
  db
    .select(notificationColumns)
    .from(notifications)
    .innerJoin(tasks, eq(tasks.id, notifications.task_id))
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.task_type_id))
    .innerJoin(locations, eq(locations.location_code, tasks.location_code))

/** One notification with its recipient's username (for the live channel), or null when it is gone. */
export async function getNotificationFor(
  db: Db,
  id: number,
): Promise<{ username: string; notification: Notification } | null> {
  const [row] = await db
    .select({ ...notificationColumns, username: fieldUsers.username })
    .from(notifications)
    .innerJoin(fieldUsers, eq(fieldUsers.id, notifications.user_id))
    .innerJoin(tasks, eq(tasks.id, notifications.task_id))
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.task_type_id))
    .innerJoin(locations, eq(locations.location_code, tasks.location_code))
    .where(eq(notifications.id, id))
  if (!row) return null
  const { username, ...notification } = row
  return { username, notification: toNotification(notification) }
}

export async function unreadCountOf(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)))
  return row?.value ?? 0
}

export async function listNotifications(
  db: Db,
  userId: number,
  paging: { page: number; page_size: number },
): Promise<NotificationList> {
  const [entries, [total], unread] = await Promise.all([
    selectNotifications(db)
      .where(eq(notifications.user_id, userId))
      .orderBy(desc(notifications.created_at), desc(notifications.id))
      .limit(paging.page_size)
      .offset((paging.page - 1) * paging.page_size),
    db.select({ value: count() }).from(notifications).where(eq(notifications.user_id, userId)),
    unreadCountOf(db, userId),
  ])
  return { entries: entries.map(toNotification), total_entries: total?.value ?? 0, unread_count: unread }
}

/** Marks one of the user's own notifications read (again: keeps the first time). 404 for another user's. */
export async function markNotificationRead(db: Db, userId: number, id: number): Promise<{ unread_count: number }> {
  const [row] = await db
    .update(notifications)
    .set({ read_at: sql`coalesce(${notifications.read_at}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.user_id, userId)))
    .returning({ id: notifications.id })
  if (!row) throw notFound(NOTIFICATION_TEXT.notFound(id), 'id')
  return { unread_count: await unreadCountOf(db, userId) }
}

export async function markAllNotificationsRead(db: Db, userId: number): Promise<{ unread_count: number }> {
  await db
    .update(notifications)
    .set({ read_at: new Date() })
    .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)))
  return { unread_count: 0 }
}

export async function getNotificationSettings(
  db: Db,
  userId: number,
  pushPublicKey: string | null,
): Promise<NotificationSettings> {
  const [row] = await db.select().from(fieldUsers).where(eq(fieldUsers.id, userId))
  return { email_on_assignment: row!.email_on_assignment, email: row!.email, push_public_key: pushPublicKey }
}

export async function updateNotificationSettings(db: Db, userId: number, input: { email_on_assignment: boolean }) {
  await db.update(fieldUsers).set(input).where(eq(fieldUsers.id, userId))
}

/** Keeps a browser's subscription for the user; an endpoint another user held moves to this one. */
export async function savePushSubscription(db: Db, userId: number, input: PushSubscriptionInput): Promise<void> {
  const values = { user_id: userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth }
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
}

/** Forgets the user's subscription of this endpoint (another user's is left alone). */
export async function deletePushSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.user_id, userId), eq(pushSubscriptions.endpoint, endpoint)))
}

/** Claims a committed notification's push once across instances; the ids of its user's subscriptions, or none. */
export async function claimPush(db: Db, notificationId: number): Promise<number[]> {
  const [claimed] = await db
    .update(notifications)
    .set({ pushed_at: new Date() })
    .where(and(eq(notifications.id, notificationId), isNull(notifications.pushed_at)))
    .returning({ user_id: notifications.user_id })
  if (!claimed) return []
  const targets = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.user_id, claimed.user_id))
  return targets.map((target) => target.id)
}

/** Pushes one notification to one subscription; one gone (404/410) is forgotten, one deleted meanwhile skipped. */
export async function pushToSubscription(
  db: Db,
  push: PushSender,
  target: { notification_id: number; subscription_id: number },
): Promise<PushOutcome> {
  const [subscription] = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, target.subscription_id))
  const found = subscription ? await getNotificationFor(db, target.notification_id) : null
  if (!subscription || !found) return 'gone'
  const payload = JSON.stringify({ ...pushTextOf(found.notification), id: found.notification.id })
  const outcome = await push.send(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    payload,
  )
  if (outcome === 'gone') await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id))
  return outcome
}
