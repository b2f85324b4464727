import { and, asc, eq } from 'drizzle-orm'
import { walkOrderOf } from '@storageops/contracts/walkthrough-rules'
import type { WalkOrder } from '@storageops/contracts/walkthroughs'
import type { Db, Tx } from '../../db/client.ts'
import { locationUnits, unitWalkOrder } from '../../db/schema.ts'
import { recordAudit, type AuditActor } from '../../lib/audit.ts'
import { badRequest } from '../../lib/http-error.ts'
import { getLocationByCode } from '../facilities/facilities.service.ts'

const INSERT_BATCH = 5000

/** A facility's storage units (not Gate or Rental Center) in its walk order: the saved one, then the default. */
export async function walkOrderedUnits(db: Db | Tx, locationCode: string) {
  const [units, saved] = await Promise.all([
    db
      .select({ unit_no: locationUnits.unit_no, floor_no: locationUnits.floor_no })
      .from(locationUnits)
      .where(and(eq(locationUnits.location_code, locationCode), eq(locationUnits.system, false))),
    db
      .select({ unit_no: unitWalkOrder.unit_no })
      .from(unitWalkOrder)
      .where(eq(unitWalkOrder.location_code, locationCode))
      .orderBy(asc(unitWalkOrder.position)),
  ])
  return {
    units: walkOrderOf(
      units,
      saved.map((row) => row.unit_no),
    ),
    saved: saved.length > 0,
  }
}

/** Errors: 404 unknown facility. */
export async function getWalkOrder(db: Db, locationCode: string): Promise<WalkOrder> {
  const location = await getLocationByCode(db, locationCode)
  const { units, saved } = await walkOrderedUnits(db, location.location_code)
  return { location_code: location.location_code, unit_nos: units.map((unit) => unit.unit_no), saved }
}

/**
 * Replaces a facility's walk order (admin map editor, issue 31); an empty list goes back to the default order.
 * Errors: 404 unknown facility; 400 naming `unit_nos` for a number that is not a storage unit of the facility.
 */
export async function saveWalkOrder(
  db: Db,
  input: { location_code: string; unit_nos: string[] },
  actor: AuditActor,
): Promise<WalkOrder> {
  const location = await getLocationByCode(db, input.location_code)
  const code = location.location_code
  const known = new Set(
    (
      await db
        .select({ unit_no: locationUnits.unit_no })
        .from(locationUnits)
        .where(and(eq(locationUnits.location_code, code), eq(locationUnits.system, false)))
    ).map((row) => row.unit_no),
  )
  const unknown = input.unit_nos.filter((unitNo) => !known.has(unitNo))
  if (unknown.length > 0)
    throw badRequest(
      `${unknown.length === 1 ? 'Unit' : 'Units'} ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ', …' : ''} ${unknown.length === 1 ? 'is' : 'are'} not a storage unit of ${code}.`,
      'unit_nos',
    )
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(unitWalkOrder)
      .where(eq(unitWalkOrder.location_code, code))
      .returning({ unit_no: unitWalkOrder.unit_no })
    const rows = input.unit_nos.map((unit_no, position) => ({ location_code: code, unit_no, position }))
    for (let start = 0; start < rows.length; start += INSERT_BATCH)
      await tx.insert(unitWalkOrder).values(rows.slice(start, start + INSERT_BATCH))
    await recordAudit(
      tx,
      actor,
      'update',
      'unit_walk_order',
      code,
      { unit_count: removed.length },
      { unit_count: rows.length, first: input.unit_nos.slice(0, 10) },
    )
  })
  return getWalkOrder(db, code)
}
