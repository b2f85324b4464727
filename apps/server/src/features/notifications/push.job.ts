import type { FastifyInstance } from 'fastify'
import type PgBoss from 'pg-boss'
import type { Env } from '../../env.ts'
import { pushSenderFor } from '../../integrations/web-push/push-sender.ts'
import { pushToSubscription } from './notifications.service.ts'

export const PUSH_QUEUE = 'web-push'

export interface PushJob {
  notification_id: number
  subscription_id: number
}

/** One job per notification and subscription (decision 020), retried with backoff up to WEB_PUSH_RETRY_LIMIT. */
export const pushJobOptions = (
  env: Pick<Env, 'WEB_PUSH_RETRY_LIMIT' | 'WEB_PUSH_RETRY_DELAY_SECONDS'>,
): PgBoss.SendOptions => ({
  retryLimit: env.WEB_PUSH_RETRY_LIMIT,
  retryDelay: env.WEB_PUSH_RETRY_DELAY_SECONDS,
  retryBackoff: true,
  expireInSeconds: 120,
})

/** Sends the queued pushes; a retryable outcome throws, so pg-boss keeps the job's state and schedules the next try. */
export function registerPushJob(app: FastifyInstance) {
  const push = pushSenderFor(app.env)
  app.jobs.work<PushJob>(
    PUSH_QUEUE,
    async (job) => {
      if (!push) return
      const outcome = await pushToSubscription(app.db, push, job.data)
      if (outcome === 'retry') throw new Error('The push service did not take the push; it is tried again later.')
      if (outcome === 'failed') app.log.warn({ push: job.data }, 'push refused by the push service; not retried')
    },
    { pollingIntervalSeconds: 1 },
  )
}
