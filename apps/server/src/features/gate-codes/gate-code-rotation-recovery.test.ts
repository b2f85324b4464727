import { eq, sql } from 'drizzle-orm'
import PgBoss from 'pg-boss'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { GateCodeRotation } from '@storageops/contracts/gate-codes'
import { gateCodeRotationFacilities, jobLeases } from '../../db/schema.ts'
import { startRotation } from './gate-code-rotation.service.ts'
import { useTestContext } from '../../test/context.ts'
import { GATE_CODE_ROTATION_QUEUE, JOB_RETRY_LIMIT, rotationJobOptions } from './gate-code-rotation.job.ts'
import { pgBossAdapter } from '../../jobs/queue.ts'

const ctx = useTestContext({
  env: { JOB_STALE_SECONDS: '3', GATE_CODE_JOB_RETRY_SECONDS: '1', GATE_CODE_RETRY_DELAY_MS: '0' },
})
let admin: string
/** A pg-boss client of the same database standing in for a server that fetched a job and was killed (kill -9). */
let crashed: PgBoss
beforeAll(async () => {
  admin = await ctx.signInAdmin()
  await ctx.app.jobs.start()
  crashed = new PgBoss({ db: pgBossAdapter(ctx.db), schema: 'pgboss', supervise: false, migrate: false })
  await crashed.start()
}, 120_000)
afterAll(() => crashed.stop({ graceful: false, wait: false }))

const SYSTEM = { kind: 'system' as const, name: 'test' }

/** Leaves a rotation as a killed worker does: its job active in pg-boss, a stale lease, some facilities done. */
async function killedRotation(options: { retriesLeft: boolean }) {
  const rotation = await startRotation(ctx.db, ['Temp Code'], SYSTEM)
  const jobOptions = { ...rotationJobOptions(rotation.id, 1), ...(options.retriesLeft ? {} : { retryLimit: 0 }) }
  await crashed.send(GATE_CODE_ROTATION_QUEUE, { rotation_id: rotation.id }, jobOptions)
  const [job] = await crashed.fetch<{ rotation_id: number }>(GATE_CODE_ROTATION_QUEUE)
  expect(job?.data.rotation_id).toBe(rotation.id)
  await ctx.db
    .insert(jobLeases)
    .values({ job_id: job!.id, queue: GATE_CODE_ROTATION_QUEUE, heartbeat_at: sql`now() - interval '1 hour'` })
  const [first] = await ctx.db
    .select()
    .from(gateCodeRotationFacilities)
    .where(eq(gateCodeRotationFacilities.rotation_id, rotation.id))
    .limit(1)
  await ctx.db
    .update(gateCodeRotationFacilities)
    .set({ status: 'done', attempts: 1 })
    .where(eq(gateCodeRotationFacilities.location_code, first!.location_code))
  return rotation
}

const latest = async () =>
  (await ctx.adminCall('GET', '/api/gate_code_rotation/rotations/latest', admin)).json<GateCodeRotation>()

async function waitFor(status: GateCodeRotation['status']): Promise<GateCodeRotation> {
  for (let tries = 0; tries < 300; tries++) {
    await ctx.app.jobs.sweep()
    const rotation = await latest()
    if (rotation.status === status) return rotation
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`the rotation never became ${status}: ${JSON.stringify(await latest())}`)
}

test('a rotation whose worker was killed is found by its stale lease and resumed from the facilities left', async () => {
  const startedAt = Date.now()
  const rotation = await killedRotation({ retriesLeft: true })
  const done = await waitFor('succeeded')
  console.log(
    `[job recovery] killed rotation resumed and finished ${((Date.now() - startedAt) / 1000).toFixed(1)} s after the restart (lease stale after 3 s, retry after 1 s)`,
  )
  expect(done).toMatchObject({ id: rotation.id, status: 'succeeded', failed: 0 })
  expect(done.done).toBe(done.total)
  const again = await ctx.adminCall('POST', '/api/gate_code_rotation/rotate', admin, { rotate_name: 'Emergency Code' })
  expect(again.statusCode).toBe(202)
  await waitFor('succeeded')
})

test('a rotation killed on its last run is marked failed, and a superadmin resumes it from the page', async () => {
  const rotation = await killedRotation({ retriesLeft: false })
  const failed = await waitFor('failed')
  expect(failed).toMatchObject({ id: rotation.id, error: expect.stringContaining('Resume it or start a new one') })
  const editor = await ctx.signInAdmin('editor@example.com')
  const refused = await ctx.adminCall('POST', `/api/gate_code_rotation/rotations/${rotation.id}/resume`, editor)
  expect(refused.statusCode).toBe(403)
  const resumed = await ctx.adminCall('POST', `/api/gate_code_rotation/rotations/${rotation.id}/resume`, admin)
  expect(resumed.statusCode).toBe(202)
  const done = await waitFor('succeeded')
  expect(done.done).toBe(done.total)
  const twice = await ctx.adminCall('POST', `/api/gate_code_rotation/rotations/${rotation.id}/resume`, admin)
  expect(twice.statusCode).toBe(409)
})

test('a superadmin abandons a running rotation; the next one may start at once', async () => {
  const rotation = await killedRotation({ retriesLeft: true })
  const abandoned = await ctx.adminCall('POST', `/api/gate_code_rotation/rotations/${rotation.id}/abandon`, admin)
  expect(abandoned.statusCode).toBe(200)
  expect(abandoned.json()).toMatchObject({ status: 'failed', error: 'Abandoned by admin@example.com.' })
  const next = await ctx.adminCall('POST', '/api/gate_code_rotation/rotateAll', admin)
  expect(next.statusCode).toBe(202)
  await waitFor('succeeded')
  expect(JOB_RETRY_LIMIT).toBeGreaterThan(0)
})
