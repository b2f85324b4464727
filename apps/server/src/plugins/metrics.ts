import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import { readCacheSize } from '../lib/read-cache.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's own metrics: an area adds a gauge with `registers: [app.metrics]` (docs/areas/metrics.md). */
    metrics: Registry
  }
}

/** The process's figures (memory, CPU, event loop, garbage collection): one set per process, whatever the apps in it. */
let processMetrics: Registry | null = null

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/** A gauge set at each scrape by `read`; when `read` fails it shows nothing rather than an old figure, logged. */
export function scrapedGauge<Label extends string>(
  app: FastifyInstance,
  options: { name: string; help: string; labelNames?: readonly Label[] },
  read: (gauge: Gauge<Label>) => Promise<void> | void,
) {
  return new Gauge<Label>({
    ...options,
    registers: [app.metrics],
    async collect() {
      this.reset()
      try {
        await read(this)
      } catch (error) {
        this.reset()
        app.log.warn(
          { err: error instanceof Error ? error.message : String(error), metric: options.name },
          'metric not read',
        )
      }
    },
  })
}

/** GET /metrics (prom-client; docs/areas/metrics.md), access 'metrics' (plugins/auth.ts). */
export function registerMetrics(app: FastifyInstance) {
  const registry = new Registry()
  app.decorate('metrics', registry)
  if (!processMetrics) {
    processMetrics = new Registry()
    collectDefaultMetrics({ register: processMetrics })
  }

  const requests = new Histogram({
    name: 'storageops_http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer, per route pattern (never the raw URL); "unmatched" for no route.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  })
  app.addHook('onResponse', async (request, reply) => {
    requests.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    )
  })

  const client = (app.db as unknown as { $client: unknown }).$client
  const pool = client instanceof pg.Pool ? client : null
  scrapedGauge(
    app,
    {
      name: 'storageops_db_pool_connections',
      help: 'The database pool’s connections: in use, idle, and the most it opens (PGlite: one in-process connection).',
      labelNames: ['state'],
    },
    (gauge) => {
      if (!pool) return void gauge.set({ state: 'max' }, 1)
      gauge.set({ state: 'in_use' }, pool.totalCount - pool.idleCount)
      gauge.set({ state: 'idle' }, pool.idleCount)
      gauge.set({ state: 'max' }, pool.options.max)
    },
  )
  if (pool)
    scrapedGauge(
      app,
      { name: 'storageops_db_pool_waiting', help: 'Queries waiting for a free pool connection.' },
      (gauge) => void gauge.set(pool.waitingCount),
    )
  scrapedGauge(
    app,
    {
      name: 'storageops_read_cache',
      help: 'The read cache’s answers kept on this instance, and their bytes (JSON, brotli and gzip).',
      labelNames: ['figure'],
    },
    (gauge) => {
      const { entries, bytes } = readCacheSize(app)
      gauge.set({ figure: 'entries' }, entries)
      gauge.set({ figure: 'bytes' }, bytes)
    },
  )

  app.get(
    '/metrics',
    {
      config: { access: 'metrics' },
      schema: {
        tags: ['metrics'],
        summary:
          'Prometheus metrics (text format): Authorization: Bearer METRICS_TOKEN, or from this machine when none is set',
      },
    },
    async (_request, reply) => {
      const merged = Registry.merge([processMetrics!, registry])
      return reply
        .type(merged.contentType)
        .header('cache-control', 'no-store')
        .send(await merged.metrics())
    },
  )
}
