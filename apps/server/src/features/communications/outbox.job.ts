import type { FastifyInstance } from 'fastify'
import { scrapedGauge } from '../../plugins/metrics.ts'
import { drainOutbox, hasDueMessages, type OutboxDeps } from './outbox-sender.ts'
import { outboxBacklog } from './outbox.service.ts'

export const OUTBOX_QUEUE = 'outbox'
/** One run of the job sends for at most this long, then leaves the rest to the next run. */
const RUN_BUDGET_MS = 25_000
/** A job sent but not started after this long (another server took it, or it is stuck) no longer holds back the next. */
const QUEUED_GRACE_MS = 10_000

/**
 * Every OUTBOX_POLL_MS each server queues a run when messages are due and none of its own is under way. The rows
 * hold all the state and each message is claimed before it is sent, so runs on several servers and crashes are safe.
 */
export function registerOutboxJob(app: FastifyInstance, deps: () => OutboxDeps) {
  scrapedGauge(
    app,
    {
      name: 'storageops_outbox_backlog',
      help: 'Outbox messages not yet handed to their channel, per status (queued, sending).',
      labelNames: ['status'],
    },
    async (gauge) => {
      for (const status of ['queued', 'sending']) gauge.set({ status }, 0)
      for (const row of await outboxBacklog(app.db)) gauge.set({ status: row.status }, row.count)
    },
  )
  scrapedGauge(
    app,
    {
      name: 'storageops_outbox_oldest_age_seconds',
      help: 'Age of the oldest outbox message not yet handed to its channel; 0 when there is none.',
    },
    async (gauge) => gauge.set(Math.max(0, ...(await outboxBacklog(app.db)).map((row) => row.oldestSeconds))),
  )
  let running = false
  let queuedAt = 0
  let timer: NodeJS.Timeout | null = null
  let ticking: Promise<void> = Promise.resolve()

  app.jobs.work(
    OUTBOX_QUEUE,
    async () => {
      running = true
      queuedAt = 0
      try {
        await drainOutbox(deps(), { budgetMs: RUN_BUDGET_MS })
      } finally {
        running = false
      }
    },
    { pollingIntervalSeconds: 2 },
  )

  const tick = async () => {
    if (running || Date.now() - queuedAt < QUEUED_GRACE_MS) return
    const { db, settings } = deps()
    if (!(await hasDueMessages(db, settings.claimTimeoutSeconds))) return
    queuedAt = Date.now()
    await app.jobs.send(OUTBOX_QUEUE, {}, { retryLimit: 2, expireInSeconds: 120 })
  }

  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      ticking = ticking.then(tick).catch((error: unknown) => app.log.error({ err: error }, 'outbox poll failed'))
    }, app.env.OUTBOX_POLL_MS)
    timer.unref()
  })
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer)
    await ticking
  })
}
