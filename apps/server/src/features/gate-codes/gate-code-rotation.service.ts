import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { nextGateCodeLike } from '@storageops/contracts/gate-code'
import { ROTATION_RUNNING_MESSAGE, type GateCodeName, type GateCodeRotation } from '@storageops/contracts/gate-codes'
import type { Db } from '../../db/client.ts'
import { gateCodeRotationFacilities, gateCodeRotations, gateCodes, snapshotLocations } from '../../db/schema.ts'
import { isUniqueViolation } from '../../lib/db-errors.ts'
import { conflict, notFound } from '../../lib/http-error.ts'
import { actorName, recordAudit, type AuditActor } from '../../lib/audit.ts'

type RotationRow = typeof gateCodeRotations.$inferSelect

async function toRotation(db: Db, row: RotationRow): Promise<GateCodeRotation> {
  const counts = await db
    .select({ status: gateCodeRotationFacilities.status, count: sql<number>`count(*)::int` })
    .from(gateCodeRotationFacilities)
    .where(eq(gateCodeRotationFacilities.rotation_id, row.id))
    .groupBy(gateCodeRotationFacilities.status)
  const countOf = (status: string) => counts.find((entry) => entry.status === status)?.count ?? 0
  const failures = await db
    .select({
      location_code: gateCodeRotationFacilities.location_code,
      attempts: gateCodeRotationFacilities.attempts,
      last_error: gateCodeRotationFacilities.last_error,
    })
    .from(gateCodeRotationFacilities)
    .where(and(eq(gateCodeRotationFacilities.rotation_id, row.id), eq(gateCodeRotationFacilities.status, 'failed')))
    .orderBy(asc(gateCodeRotationFacilities.location_code))
  return {
    id: row.id,
    names: row.names as GateCodeName[],
    status: row.status,
    total: counts.reduce((sum, entry) => sum + entry.count, 0),
    done: countOf('done'),
    failed: countOf('failed'),
    failed_facilities: failures,
    requested_by: row.requested_by,
    error: row.error,
    started_at: row.started_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
  }
}

export async function getRotation(db: Db, id: number): Promise<GateCodeRotation> {
  const [row] = await db.select().from(gateCodeRotations).where(eq(gateCodeRotations.id, id))
  if (!row) throw notFound(`No gate code rotation ${id}.`, 'id')
  return toRotation(db, row)
}

export async function getLatestRotation(db: Db): Promise<GateCodeRotation | null> {
  const [row] = await db.select().from(gateCodeRotations).orderBy(desc(gateCodeRotations.id)).limit(1)
  return row ? toRotation(db, row) : null
}

/** Draws the new codes and lists every facility as pending; 409 while another rotation runs. The caller queues the job. */
export async function startRotation(
  db: Db,
  names: readonly GateCodeName[],
  actor: AuditActor,
): Promise<GateCodeRotation> {
  try {
    const row = await db.transaction(async (tx) => {
      const [running] = await tx
        .select({ id: gateCodeRotations.id })
        .from(gateCodeRotations)
        .where(eq(gateCodeRotations.status, 'running'))
        .limit(1)
      if (running) throw conflict(ROTATION_RUNNING_MESSAGE)
      const current = await tx.select().from(gateCodes)
      const codes = Object.fromEntries(
        names.map((name) => [name, nextGateCodeLike(current.find((entry) => entry.name === name)?.currentCode ?? '')]),
      )
      const [created] = await tx
        .insert(gateCodeRotations)
        .values({ names: [...names], codes, requested_by: actorName(actor) })
        .returning()
      const facilities = await tx
        .select({ location_code: snapshotLocations.location_code })
        .from(snapshotLocations)
        .orderBy(asc(snapshotLocations.location_code))
      for (let start = 0; start < facilities.length; start += 500) {
        await tx
          .insert(gateCodeRotationFacilities)
          .values(
            facilities
              .slice(start, start + 500)
              .map((facility) => ({ rotation_id: created!.id, location_code: facility.location_code })),
          )
      }
      await recordAudit(tx, actor, 'rotate', 'gate_code_rotation', created!.id, null, {
        names,
        facilities: facilities.length,
      })
      return created!
    })
    return await toRotation(db, row)
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ROTATION_RUNNING_MESSAGE)
    throw error
  }
}

/** Marks a rotation failed (its job could not be queued, or its last attempt failed), with the reason. */
export async function failRotation(db: Db, id: number, reason: string): Promise<void> {
  await db
    .update(gateCodeRotations)
    .set({ status: 'failed', error: reason, finished_at: new Date() })
    .where(and(eq(gateCodeRotations.id, id), eq(gateCodeRotations.status, 'running')))
}

/** The latest failed rotation runs again, same codes, for its facilities not done; 409 otherwise. The caller queues it. */
export async function resumeRotation(db: Db, id: number, actor: AuditActor): Promise<GateCodeRotation> {
  const row = await db.transaction(async (tx) => {
    const [latest] = await tx.select().from(gateCodeRotations).orderBy(desc(gateCodeRotations.id)).limit(1)
    if (!latest || latest.id !== id) {
      const [exists] = await tx
        .select({ id: gateCodeRotations.id })
        .from(gateCodeRotations)
        .where(eq(gateCodeRotations.id, id))
      if (!exists) throw notFound(`No gate code rotation ${id}.`, 'id')
      throw conflict('Only the latest rotation can be resumed.')
    }
    if (latest.status !== 'failed') throw conflict('Only a failed rotation can be resumed.')
    await tx
      .update(gateCodeRotationFacilities)
      .set({ status: 'pending', attempts: 0, last_error: null, updated_at: new Date() })
      .where(and(eq(gateCodeRotationFacilities.rotation_id, id), sql`${gateCodeRotationFacilities.status} <> 'done'`))
    const [resumed] = await tx
      .update(gateCodeRotations)
      .set({ status: 'running', error: null, finished_at: null })
      .where(eq(gateCodeRotations.id, id))
      .returning()
    await recordAudit(tx, actor, 'resume', 'gate_code_rotation', id, { status: 'failed' }, { status: 'running' })
    return resumed!
  })
  return toRotation(db, row)
}

/** A running rotation is failed at once (its job stops before the next facility); 409 when not running. */
export async function abandonRotation(db: Db, id: number, actor: AuditActor): Promise<GateCodeRotation> {
  const [row] = await db.select().from(gateCodeRotations).where(eq(gateCodeRotations.id, id))
  if (!row) throw notFound(`No gate code rotation ${id}.`, 'id')
  if (row.status !== 'running') throw conflict('Only a running rotation can be abandoned.')
  const updated = await db.transaction(async (tx) => {
    const [abandoned] = await tx
      .update(gateCodeRotations)
      .set({ status: 'failed', error: `Abandoned by ${actorName(actor)}.`, finished_at: new Date() })
      .where(and(eq(gateCodeRotations.id, id), eq(gateCodeRotations.status, 'running')))
      .returning()
    if (!abandoned) throw conflict('Only a running rotation can be abandoned.')
    await recordAudit(tx, actor, 'abandon', 'gate_code_rotation', id, { status: 'running' }, { status: 'failed' })
    return abandoned
  })
  return toRotation(db, updated)
}
