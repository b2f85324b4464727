import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import PgBoss from 'pg-boss'
import type { Db } from '../db/client.ts'

/**
 * pg-boss 10 (the newest major on Node 20) over the app's own database handle, on PGlite and PostgreSQL
 * alike. It starts on the first send or start(), so API tests that send no job skip pg-boss's schema.
 */
export interface JobQueue {
  /** Installs or migrates pg-boss's schema, creates the queues and starts the registered workers. Idempotent. */
  start(): Promise<void>
  send(queue: string, data: object, options?: PgBoss.SendOptions): Promise<string>
  work<T extends object>(
    queue: string,
    handler: (job: PgBoss.JobWithMetadata<T>) => Promise<void>,
    options?: { pollingIntervalSeconds?: number },
  ): void
  stop(): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue
  }
}

interface SqlClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] } | Array<{ rows: unknown[] }>>
  exec?: (text: string) => Promise<Array<{ rows: unknown[] }>>
}

/** PGlite's query() takes one statement, so pg-boss's multi-statement plans go through exec() (last statement's rows). */
export function pgBossAdapter(db: Db): { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } {
  const client = (db as unknown as { $client: SqlClient }).$client
  return {
    async executeSql(text, values) {
      if (client.exec && !(values && values.length > 0)) {
        const results = await client.exec(text)
        return { rows: results.at(-1)?.rows ?? [] }
      }
      const result = await client.query(text, values)
      return Array.isArray(result) ? { rows: result.at(-1)?.rows ?? [] } : result
    },
  }
}

export function createJobQueue(db: Db, log: FastifyBaseLogger): JobQueue {
  const workers: Array<{
    queue: string
    handler: (job: PgBoss.JobWithMetadata<object>) => Promise<void>
    pollingIntervalSeconds: number
  }> = []
  const workerIds = new Map<string, string>()
  let boss: PgBoss | null = null
  let starting: Promise<PgBoss> | null = null

  async function startBoss(): Promise<PgBoss> {
    const instance = new PgBoss({
      db: pgBossAdapter(db),
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
          if (job) await worker.handler(job)
        },
      )
      workerIds.set(worker.queue, id)
    }
    boss = instance
    return instance
  }

  const queue: JobQueue = {
    async start() {
      starting ??= startBoss()
      await starting
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
    work(name, handler, options = {}) {
      if (starting) throw new Error(`Register the worker of ${name} before the queue starts`)
      workers.push({
        queue: name,
        handler: handler as (job: PgBoss.JobWithMetadata<object>) => Promise<void>,
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
      })
    },
    async stop() {
      if (!starting) return
      const instance = await starting.catch(() => null)
      await instance?.stop({ graceful: true, wait: true, timeout: 30_000 })
      starting = null
      boss = null
    },
  }
  return queue
}

/** Decorates the app with its job queue; each area registers its workers in app.ts. The queue stops before the database closes. */
export function registerJobQueue(app: FastifyInstance) {
  app.decorate('jobs', createJobQueue(app.db, app.log))
  app.addHook('onClose', async () => app.jobs.stop())
}
