import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { sql } from 'drizzle-orm'
import { ErrorBody } from '@storageops/contracts/errors'
import { DATABASE_RETRY_AFTER_SECONDS } from '../lib/db-errors.ts'

const HealthReport = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unreachable']),
  queue: z.enum(['running', 'not started', 'failed']),
})

async function databaseAnswers(app: FastifyInstance): Promise<boolean> {
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), 1000).unref())
  return Promise.race([
    app.db.execute(sql`select 1`).then(
      () => true,
      () => false,
    ),
    timeout,
  ])
}

/** For a load balancer: 503 with Retry-After when `select 1` takes over a second or the queue failed to start. */
export function registerHealth(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'For load balancers: database and job queue; 200 when the database answers, else 503 with Retry-After',
        response: { 200: HealthReport, 503: HealthReport.or(ErrorBody) },
      },
    },
    async (_request, reply) => {
      const database = (await databaseAnswers(app)) ? ('ok' as const) : ('unreachable' as const)
      const queue = app.jobs.state()
      const ok = database === 'ok' && queue !== 'failed'
      if (!ok) reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      return { status: ok ? ('ok' as const) : ('unavailable' as const), database, queue }
    },
  )
}
