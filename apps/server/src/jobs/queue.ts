import { eq, lt, sql } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import PgBoss from 'pg-boss'
import type { Db } from '../db/client.ts'
import { jobLeases } from '../db/schema.ts'
import { safeErrorMessage } from '../lib/db-errors.ts'
import { scrapedGauge } from '../plugins/metrics.ts'

/**
 * pg-boss 10 (the newest major on Node 20) over the app's database handle, started on first use. Every job follows
 * decision 013: handlers renew a lease, resume from their own rows and stop when `signal` aborts.
 */
export interface JobQueue {
  /** Installs or migrates pg-boss's schema, creates the queues and starts the registered workers. Idempotent. */
  start(): Promise<void>
  send(queue: string, data: object, options?: PgBoss.SendOptions): Promise<string>
  work<T extends object>(
    queue: string,
    handler: (job: PgBoss.JobWithMetadata<T>, signal: AbortSignal) => Promise<void>,
    options?: WorkOptions<T>,
  ): void
  state(): 'running' | 'not started' | 'failed'
  /** Jobs per queue waiting to run (created or to retry) and running; none until the queue has started. */
  depths(): Promise<Array<{ queue: string; waiting: number; active: number }>>
  sweep(): Promise<number>
  stop(): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue
  }
}

export interface WorkOptions<T> {
  pollingIntervalSeconds?: number
  /** Called once when a job of this queue was found without a live worker; `retrying` when pg-boss runs it again. */
  onLost?: (data: T, outcome: { retrying: boolean }) => Promise<void>
}

interface SqlClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] } | Array<{ rows: unknown[] }>>
  exec?: (text: string) => Promise<Array<{ rows: unknown[] }>>
}

/** pg-boss on PGlite: multi-statement plans through exec(); after stop, failures answer no rows (decision 013). */
export function pgBossAdapter(
  db: Db,
  stopped: () => boolean = () => false,
): { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } {
  const client = (db as unknown as { $client: SqlClient }).$client
  return {
    async executeSql(text, values) {
      try {
        if (client.exec && !(values && values.length > 0)) {
          const results = await client.exec(text)
          return { rows: results.at(-1)?.rows ?? [] }
        }
        const result = await client.query(text, values)
        return Array.isArray(result) ? { rows: result.at(-1)?.rows ?? [] } : result
      } catch (error) {
        if (stopped()) return {} as { rows: unknown[] }
        throw error
      }
    },
  }
}

export function createJobQueue(
  db: Db,
  log: FastifyBaseLogger,
  options: { staleSeconds: number } = { staleSeconds: 30 },
): JobQueue {
  const workers: Array<{
    queue: string
    handler: (job: PgBoss.JobWithMetadata<object>, signal: AbortSignal) => Promise<void>
    pollingIntervalSeconds: number
    onLost?: (data: object, outcome: { retrying: boolean }) => Promise<void>
  }> = []
  let sweepTimer: NodeJS.Timeout | undefined

  async function runLeased(worker: (typeof workers)[number], job: PgBoss.JobWithMetadata<object>) {
    await db
      .insert(jobLeases)
      .values({ job_id: job.id, queue: worker.queue })
      .onConflictDoUpdate({ target: jobLeases.job_id, set: { heartbeat_at: sql`now()` } })
    const controller = new AbortController()
    const heartbeat = setInterval(
      () => {
        void db
          .update(jobLeases)
          .set({ heartbeat_at: sql`now()` })
          .where(eq(jobLeases.job_id, job.id))
          .returning({ id: jobLeases.job_id })
          .then((rows) => {
            if (rows.length === 0) controller.abort(new Error('The job was taken over after its lease went stale.'))
          })
          .catch(() => {})
      },
      (options.staleSeconds * 1000) / 6,
    )
    try {
      await worker.handler(job, controller.signal)
    } finally {
      clearInterval(heartbeat)
      await db
        .delete(jobLeases)
        .where(eq(jobLeases.job_id, job.id))
        .catch(() => {})
    }
  }

  async function sweep(): Promise<number> {
    if (!boss) return 0
    const lost = await db
      .delete(jobLeases)
      .where(lt(jobLeases.heartbeat_at, sql`now() - make_interval(secs => ${options.staleSeconds})`))
      .returning()
    for (const lease of lost) {
      const job = await boss.getJobById(lease.queue, lease.job_id)
      if (job?.state !== 'active') continue
      await boss.fail(lease.queue, lease.job_id, { message: 'The worker stopped while running this job.' })
      const retrying = (await boss.getJobById(lease.queue, lease.job_id))?.state === 'retry'
      log.warn(
        { queue: lease.queue, job: lease.job_id, retrying },
        'job lost by its worker: failed, retried when allowed',
      )
      const worker = workers.find((candidate) => candidate.queue === lease.queue)
      await worker?.onLost?.(job.data as object, { retrying })
    }
    return lost.length
  }
  const workerIds = new Map<string, string>()
  let boss: PgBoss | null = null
  let starting: Promise<PgBoss> | null = null
  let startFailed = false
  let stopping = false

  async function startBoss(): Promise<PgBoss> {
    stopping = false
    const instance = new PgBoss({
      db: pgBossAdapter(db, () => stopping),
      schema: 'pgboss',
      schedule: false,
      supervise: true,
      migrate: true,
    })
    instance.on('error', (error) => log.error({ err: error }, 'job queue error'))
    await instance.start()
    for (const worker of workers) {
      await instance.createQueue(worker.queue)
      const id = await instance.work<object>(
        worker.queue,
        { pollingIntervalSeconds: worker.pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
        async ([job]) => {
          if (job) await runLeased(worker, job)
        },
      )
      workerIds.set(worker.queue, id)
    }
    boss = instance
    const sweepAndLog = () =>
      sweep().catch((error: unknown) => log.warn({ err: safeErrorMessage(error) }, 'job lease sweep failed'))
    await sweepAndLog()
    sweepTimer = setInterval(() => void sweepAndLog(), (options.staleSeconds * 1000) / 3)
    sweepTimer.unref()
    return instance
  }

  const queue: JobQueue = {
    async start() {
      starting ??= startBoss()
      try {
        await starting
        startFailed = false
      } catch (error) {
        starting = null
        startFailed = true
        throw error
      }
    },
    async send(name, data, options = {}) {
      await queue.start()
      await boss!.createQueue(name)
      const id = await boss!.send(name, data, options)
      if (!id) throw new Error(`The job was not queued on ${name}`)
      const workerId = workerIds.get(name)
      if (workerId) boss!.notifyWorker(workerId)
      return id
    },
    work(name, handler, workOptions = {}) {
      if (starting) throw new Error(`Register the worker of ${name} before the queue starts`)
      workers.push({
        queue: name,
        handler: handler as (job: PgBoss.JobWithMetadata<object>, signal: AbortSignal) => Promise<void>,
        pollingIntervalSeconds: workOptions.pollingIntervalSeconds ?? 2,
        onLost: workOptions.onLost as ((data: object, outcome: { retrying: boolean }) => Promise<void>) | undefined,
      })
    },
    sweep,
    state: () => (boss ? 'running' : startFailed ? 'failed' : 'not started'),
    async depths() {
      const running = boss
      if (!running) return []
      return Promise.all(
        (await running.getQueues()).map(async ({ name }) => {
          const waiting = (await running.getQueueSize(name)) ?? 0
          const unfinished = (await running.getQueueSize(name, { before: 'completed' })) ?? 0
          return { queue: name, waiting, active: unfinished - waiting }
        }),
      )
    },
    async stop() {
      stopping = true
      clearInterval(sweepTimer)
      if (!starting) return
      const instance = await starting.catch(() => null)
      await instance?.stop({ graceful: true, wait: true, timeout: 30_000 })
      starting = null
      boss = null
    },
  }
  return queue
}

/** Decorates the app with its job queue (workers registered in app.ts); it stops before the database closes. */
export function registerJobQueue(app: FastifyInstance) {
  app.decorate('jobs', createJobQueue(app.db, app.log, { staleSeconds: app.env.JOB_STALE_SECONDS }))
  scrapedGauge(
    app,
    {
      name: 'storageops_job_queue_depth',
      help: 'pg-boss jobs per queue: waiting (created or to retry) and active; none before the queue starts.',
      labelNames: ['queue', 'state'],
    },
    async (gauge) => {
      for (const { queue, waiting, active } of await app.jobs.depths()) {
        gauge.set({ queue, state: 'waiting' }, waiting)
        gauge.set({ queue, state: 'active' }, active)
      }
    },
  )
  app.addHook('onClose', async () => app.jobs.stop())
}
