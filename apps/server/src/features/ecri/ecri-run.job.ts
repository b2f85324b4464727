import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { ecriRuns } from '../../db/schema.ts'
import { computeEcriRun } from './ecri.service.ts'

export const ECRI_RUN_QUEUE = 'ecri-runs'

export const ecriJobOptions = (runId: number) => ({
  retryLimit: 3,
  retryDelay: 5,
  singletonKey: `ecri-run-${runId}`,
  expireInSeconds: 60 * 60,
})

/** Computes runs as jobs (DESIGN §12); a run left computing by a server that stopped is computed again. */
export function registerEcriRunJob(app: FastifyInstance) {
  app.jobs.work<{ run_id: number }>(
    ECRI_RUN_QUEUE,
    async (job) => computeEcriRun({ db: app.db, ssm: app.ssm }, job.data.run_id),
    { pollingIntervalSeconds: 1 },
  )
  app.addHook('onReady', async () => {
    const left = await app.db.select({ id: ecriRuns.id }).from(ecriRuns).where(eq(ecriRuns.status, 'computing'))
    for (const run of left) await app.jobs.send(ECRI_RUN_QUEUE, { run_id: run.id }, ecriJobOptions(run.id))
  })
}
