import { setTimeout as sleep } from 'node:timers/promises'
import { and, asc, eq, ne } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { GateCodeName } from '@storageops/contracts/gate-codes'
import type { Db } from '../../db/client.ts'
import { gateCodeRotationFacilities, gateCodeRotations, gateCodes, snapshotLocations } from '../../db/schema.ts'
import type { GateCodeUpdate, SsmClient } from '../../integrations/ssm/client.ts'
import { recordAudit } from '../../lib/audit.ts'

export const GATE_CODE_ROTATION_QUEUE = 'gate-code-rotation'
/** Tries per facility within one run of the job before it counts as failed for that run. */
export const FACILITY_ATTEMPTS = 3
/** Runs of the job (pg-boss retries) before the rotation is given up: the first plus this many. */
export const JOB_RETRY_LIMIT = 2
export const ROTATION_LOST_MESSAGE = 'The rotation stopped when its server went down. Resume it or start a new one.'
const SYSTEM = { kind: 'system' as const, name: 'gate-code-rotation job' }

const COLUMN: Record<GateCodeName, 'auction_winner' | 'emergency_code' | 'temp_code'> = {
  'Auction Winner': 'auction_winner',
  'Emergency Code': 'emergency_code',
  'Temp Code': 'temp_code',
}
const SSM_FIELD: Record<GateCodeName, keyof GateCodeUpdate> = {
  'Auction Winner': 'auctionWinner',
  'Emergency Code': 'emergencyCode',
  'Temp Code': 'tempCode',
}

export interface RotationDeps {
  db: Db
  ssm: SsmClient
  log: FastifyBaseLogger
  /** Wait before the second try of a facility, in ms; the third waits twice as long. */
  retryDelayMs: number
}

export interface RotationJobData {
  rotation_id: number
}

export const rotationJobOptions = (rotationId: number, retryDelaySeconds: number) => ({
  retryLimit: JOB_RETRY_LIMIT,
  retryDelay: retryDelaySeconds,
  singletonKey: `gate-code-rotation-${rotationId}-${Date.now()}`,
  // A backstop only: a dead worker is found by its lease within JOB_STALE_SECONDS (jobs/queue.ts).
  expireInSeconds: 15 * 60,
})

/**
 * Runs one rotation (issue 7) over the facilities not yet done, the system before our details, so the field tool never
 * shows a code the gate refuses. Throws while facilities fail (pg-boss retries); the last run marks it failed.
 */
export async function runGateCodeRotation(
  deps: RotationDeps,
  rotationId: number,
  options: { isLastAttempt: boolean; signal?: AbortSignal },
): Promise<void> {
  const { db, ssm, log } = deps
  const [rotation] = await db.select().from(gateCodeRotations).where(eq(gateCodeRotations.id, rotationId))
  if (!rotation || rotation.status !== 'running') return
  const names = rotation.names as GateCodeName[]
  const update: GateCodeUpdate = Object.fromEntries(names.map((name) => [SSM_FIELD[name], rotation.codes[name]]))
  const details = Object.fromEntries(names.map((name) => [COLUMN[name], rotation.codes[name]]))
  const left = await db
    .select({ location_code: gateCodeRotationFacilities.location_code, attempts: gateCodeRotationFacilities.attempts })
    .from(gateCodeRotationFacilities)
    .where(and(eq(gateCodeRotationFacilities.rotation_id, rotationId), ne(gateCodeRotationFacilities.status, 'done')))
    .orderBy(asc(gateCodeRotationFacilities.location_code))

  let failures = 0
  for (const facility of left) {
    if (options.signal?.aborted) return
    const [current] = await db
      .select({ status: gateCodeRotations.status })
      .from(gateCodeRotations)
      .where(eq(gateCodeRotations.id, rotationId))
    if (current?.status !== 'running') return
    const item = and(
      eq(gateCodeRotationFacilities.rotation_id, rotationId),
      eq(gateCodeRotationFacilities.location_code, facility.location_code),
    )
    let attempts = facility.attempts
    for (let attempt = 1; attempt <= FACILITY_ATTEMPTS; attempt++) {
      attempts++
      try {
        await ssm.updateGateCodes(facility.location_code, update)
        await db.transaction(async (tx) => {
          await tx
            .update(snapshotLocations)
            .set({ ...details, updatedAt: new Date() })
            .where(eq(snapshotLocations.location_code, facility.location_code))
          await tx
            .update(gateCodeRotationFacilities)
            .set({ status: 'done', attempts, last_error: null, updated_at: new Date() })
            .where(item)
        })
        break
      } catch (error) {
        const message = (error as Error).message
        const isLast = attempt === FACILITY_ATTEMPTS
        log.warn(
          { rotation: rotationId, location_code: facility.location_code, attempt, err: message },
          'gate code update failed',
        )
        await db
          .update(gateCodeRotationFacilities)
          .set({ status: isLast ? 'failed' : 'pending', attempts, last_error: message, updated_at: new Date() })
          .where(item)
        if (isLast) failures++
        else await sleep(deps.retryDelayMs * attempt)
      }
    }
  }

  if (failures > 0) {
    const reason = `${failures} ${failures === 1 ? 'facility' : 'facilities'} could not be updated.`
    if (options.isLastAttempt) {
      await db
        .update(gateCodeRotations)
        .set({ status: 'failed', error: reason, finished_at: new Date() })
        .where(eq(gateCodeRotations.id, rotationId))
    }
    throw new Error(reason)
  }

  await db.transaction(async (tx) => {
    const before = await tx.select().from(gateCodes)
    // A database seeded without demo data has no gate-code rows until its first rotation.
    for (const name of names) {
      const code = { currentCode: rotation.codes[name]!, updatedAt: new Date() }
      await tx
        .insert(gateCodes)
        .values({ name, ...code })
        .onConflictDoUpdate({ target: gateCodes.name, set: code })
    }
    await tx
      .update(gateCodeRotations)
      .set({ status: 'succeeded', error: null, finished_at: new Date() })
      .where(eq(gateCodeRotations.id, rotationId))
    const after = await tx.select().from(gateCodes)
    await recordAudit(tx, SYSTEM, 'update', 'gate_code', names.join(', '), before, after)
  })
  log.info({ rotation: rotationId, facilities: left.length }, 'gate codes rotated')
}

export function registerGateCodeRotationJob(app: FastifyInstance) {
  const deps = (): RotationDeps => ({
    db: app.db,
    ssm: app.ssm,
    log: app.log,
    retryDelayMs: app.env.GATE_CODE_RETRY_DELAY_MS,
  })
  app.jobs.work<RotationJobData>(
    GATE_CODE_ROTATION_QUEUE,
    async (job, signal) => {
      await runGateCodeRotation(deps(), job.data.rotation_id, {
        isLastAttempt: job.retryCount >= job.retryLimit,
        signal,
      })
    },
    {
      pollingIntervalSeconds: 1,
      // A retry resumes from the facilities still pending; without one the rotation must not stay 'running'.
      onLost: async (data, { retrying }) => {
        if (!retrying)
          await app.db
            .update(gateCodeRotations)
            .set({ status: 'failed', error: ROTATION_LOST_MESSAGE, finished_at: new Date() })
            .where(and(eq(gateCodeRotations.id, data.rotation_id), eq(gateCodeRotations.status, 'running')))
      },
    },
  )
}
