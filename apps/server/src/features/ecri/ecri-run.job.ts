import { desc, eq, gt, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { ecriRentRollRefreshes, ecriRuns } from '../../db/schema.ts'
import { HttpError } from '../../lib/http-error.ts'
import { runRentRollRefresh, startRentRollRefresh } from './ecri-rent-roll.ts'
import { computeEcriRun } from './ecri.service.ts'

export const ECRI_RUN_QUEUE = 'ecri-runs'
export const ECRI_RENT_ROLL_QUEUE = 'ecri-rent-roll'
/** The hour (server time) of the nightly refresh of the kept rent roll (decision 030). */
export const RENT_ROLL_NIGHTLY_HOUR = 3

export const ecriJobOptions = (runId: number) => ({
  retryLimit: 3,
  retryDelay: 5,
  singletonKey: `ecri-run-${runId}`,
  expireInSeconds: 60 * 60,
})

export const rentRollJobOptions = (refreshId: number) => ({
  retryLimit: 2,
  retryDelay: 30,
  singletonKey: `ecri-rent-roll-${refreshId}`,
  expireInSeconds: 60 * 60,
})

export function nextNightly(now: Date): Date {
  const next = new Date(now)
  next.setHours(RENT_ROLL_NIGHTLY_HOUR, 0, 0, 0)
  if (next <= now) next.setDate(next.getDate() + 1)
  return next
}

export async function scheduleNightlyRentRoll(app: FastifyInstance, now = new Date()) {
  const at = nextNightly(now)
  await app.jobs.send(
    ECRI_RENT_ROLL_QUEUE,
    { nightly: at.toISOString() },
    { startAfter: at, singletonKey: `ecri-rent-roll-nightly-${at.toISOString()}`, expireInSeconds: 60 * 60 },
  )
}

/**
 * Computes runs and refreshes the kept rent roll as jobs (DESIGN §12); a run or a refresh left under way by a server
 * that stopped is done again. A nightly job refreshes (not when staff did in the last hour or one is under way) and
 * queues the next night's.
 */
export function registerEcriRunJob(app: FastifyInstance) {
  app.jobs.work<{ run_id: number }>(
    ECRI_RUN_QUEUE,
    async (job) => computeEcriRun({ db: app.db, ssm: app.ssm }, job.data.run_id),
    { pollingIntervalSeconds: 1 },
  )
  app.jobs.work<{ refresh_id?: number; nightly?: string }>(
    ECRI_RENT_ROLL_QUEUE,
    async (job) => {
      let refreshId = job.data.refresh_id
      if (refreshId === undefined) {
        const [recent] = await app.db
          .select({ requested_by: ecriRentRollRefreshes.requested_by })
          .from(ecriRentRollRefreshes)
          .where(gt(ecriRentRollRefreshes.started_at, sql`now() - interval '1 hour'`))
          .orderBy(desc(ecriRentRollRefreshes.id))
          .limit(1)
        // Another nightly job of the same night (after a restart) did it.
        if (recent?.requested_by === 'nightly') return
        if (!recent)
          refreshId = await startRentRollRefresh(app.db, 'nightly').then(
            (refresh) => refresh.id,
            (error: unknown) => {
              if (error instanceof HttpError && error.statusCode === 409) return undefined
              throw error
            },
          )
      }
      if (refreshId !== undefined) await runRentRollRefresh({ db: app.db, ssm: app.ssm }, refreshId)
      if (job.data.nightly) await scheduleNightlyRentRoll(app)
    },
    { pollingIntervalSeconds: 1 },
  )
  app.addHook('onReady', async () => {
    const left = await app.db.select({ id: ecriRuns.id }).from(ecriRuns).where(eq(ecriRuns.status, 'computing'))
    for (const run of left) await app.jobs.send(ECRI_RUN_QUEUE, { run_id: run.id }, ecriJobOptions(run.id))
    const refreshing = await app.db
      .select({ id: ecriRentRollRefreshes.id })
      .from(ecriRentRollRefreshes)
      .where(eq(ecriRentRollRefreshes.status, 'running'))
    for (const refresh of refreshing)
      await app.jobs.send(ECRI_RENT_ROLL_QUEUE, { refresh_id: refresh.id }, rentRollJobOptions(refresh.id))
  })
}
