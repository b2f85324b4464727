import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { ErrorBody } from '@storageops/contracts/errors'
import {
  NotificationIdParams,
  NotificationList,
  NotificationListQuery,
  NotificationSettings,
  NotificationSettingsInput,
  PushSubscriptionInput,
  PushUnsubscribeInput,
  UnreadCount,
} from '@storageops/contracts/notifications'
import { NOTIFICATION_EVENT, NOTIFICATION_TEXT } from '@storageops/contracts/notification-texts'
import { areaRoutes } from '../../lib/area-routes.ts'
import { listen } from '../../db/notifications.ts'
import { forbidden } from '../../lib/http-error.ts'
import { pushSenderFor } from '../../integrations/web-push/push-sender.ts'
import {
  NOTIFICATIONS_CHANNEL,
  claimPush,
  deletePushSubscription,
  fieldUserIdOf,
  getNotificationFor,
  getNotificationSettings,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  savePushSubscription,
  updateNotificationSettings,
} from './notifications.service.ts'
import { PUSH_QUEUE, pushJobOptions, type PushJob } from './push.job.ts'

/** Only field-tool users have notifications (an admin allowed /snapshot acts in the field tool but is not notified). */
const FIELD_USERS_ONLY = { pages: ['/snapshot'], adminConsole: false } as const

async function fieldUserIdFor(app: FastifyInstance, request: FastifyRequest): Promise<number> {
  const session = request.session
  if (session?.kind !== 'field') throw forbidden()
  return fieldUserIdOf(app.db, session.user)
}

/** Notifications on assignment (issue 19; decision 020): the signed-in field user's own, never another's (404). */
export function registerNotificationRoutes(app: FastifyInstance) {
  const routes = areaRoutes(app, { access: FIELD_USERS_ONLY, tag: 'notifications' })
  const push = pushSenderFor(app.env)

  routes.get(
    '/api/notifications',
    {
      summary: "The signed-in field user's notifications, newest first, paged, with unread_count",
      querystring: NotificationListQuery,
      response: { 200: NotificationList, 403: ErrorBody },
    },
    async (request, reply) => {
      const userId = await fieldUserIdFor(app, request)
      void reply.header('cache-control', 'no-store')
      return listNotifications(app.db, userId, request.query)
    },
  )

  routes.post(
    '/api/notifications/:id/read',
    {
      summary: "Marks one of the user's own notifications read; 404 for one that is not theirs",
      params: NotificationIdParams,
      response: { 200: UnreadCount, 403: ErrorBody, 404: ErrorBody },
    },
    async (request) => markNotificationRead(app.db, await fieldUserIdFor(app, request), request.params.id),
  )

  routes.post(
    '/api/notifications/read_all',
    {
      summary: "Marks all of the user's own notifications read",
      response: { 200: UnreadCount, 403: ErrorBody },
    },
    async (request) => markAllNotificationsRead(app.db, await fieldUserIdFor(app, request)),
  )

  routes.get(
    '/api/notifications/settings',
    {
      summary: 'Email opt-in and the Web Push key (null when the server has no WEB_PUSH_* settings)',
      response: { 200: NotificationSettings, 403: ErrorBody },
    },
    async (request) => getNotificationSettings(app.db, await fieldUserIdFor(app, request), push?.publicKey ?? null),
  )

  routes.put(
    '/api/notifications/settings',
    {
      summary: "Turns the email on a task assigned to the user's role on or off",
      body: NotificationSettingsInput,
      response: { 200: NotificationSettings, 400: ErrorBody, 403: ErrorBody },
    },
    async (request) => {
      const userId = await fieldUserIdFor(app, request)
      await updateNotificationSettings(app.db, userId, request.body)
      return getNotificationSettings(app.db, userId, push?.publicKey ?? null)
    },
  )

  routes.post(
    '/api/notifications/push_subscription',
    {
      summary: "Keeps this browser's Web Push subscription (PushSubscription.toJSON()); 409 when push is off",
      body: PushSubscriptionInput,
      response: { 204: z.null(), 400: ErrorBody, 403: ErrorBody, 409: ErrorBody },
    },
    async (request, reply) => {
      const userId = await fieldUserIdFor(app, request)
      if (!push) return reply.code(409).send({ error: 'push_off', message: NOTIFICATION_TEXT.pushOff })
      await savePushSubscription(app.db, userId, request.body)
      return reply.code(204).send(null)
    },
  )

  routes.delete(
    '/api/notifications/push_subscription',
    {
      summary: "Forgets this browser's Web Push subscription",
      body: PushUnsubscribeInput,
      response: { 204: z.null(), 400: ErrorBody, 403: ErrorBody },
    },
    async (request, reply) => {
      await deletePushSubscription(app.db, await fieldUserIdFor(app, request), request.body.endpoint)
      return reply.code(204).send(null)
    },
  )

  /**
   * A committed notification: to the user's sockets on this instance, then (claimed once across instances) a push job
   * per subscription, retried by the job queue.
   */
  const deliver = async (payload: string) => {
    const id = Number(payload)
    if (!Number.isInteger(id)) return
    const found = await getNotificationFor(app.db, id)
    if (!found) return
    app.live.publishToFieldUser(found.username, NOTIFICATION_EVENT, found.notification)
    if (!push) return
    for (const subscription_id of await claimPush(app.db, id))
      await app.jobs.send(
        PUSH_QUEUE,
        { notification_id: id, subscription_id } satisfies PushJob,
        pushJobOptions(app.env),
      )
  }
  let stop: (() => Promise<void>) | null = null
  app.addHook('onReady', async () => {
    stop = await listen(
      app.db,
      NOTIFICATIONS_CHANNEL,
      (payload) =>
        void deliver(payload).catch((error: Error) =>
          app.log.warn({ err: error.message, notification: payload }, 'notification delivery failed'),
        ),
      () => {},
    )
  })
  app.addHook('preClose', async () => {
    await stop?.().catch(() => {})
  })
}
