import { and, asc, count, eq, or } from 'drizzle-orm'
import type { SaveSystemUnitsInput, UnitStatusList, UploadResult } from '@storageops/contracts/unit-maps'
import { SYSTEM_FLOOR, SYSTEM_UNIT_NO, toUnitStatus } from '@storageops/contracts/unit-map-rules'
import type { Db } from '../../db/client.ts'
import { locationUnits } from '../../db/schema.ts'
import { SsmError, type SsmClient } from '../../integrations/ssm/client.ts'
import { badGateway, conflict } from '../../lib/http-error.ts'
import { recordAudit, type AuditActor } from '../../lib/audit.ts'
import { getLocationByCode } from '../facilities/facilities.service.ts'
import { assertCsvFile } from '../../lib/csv-file.ts'
import { parseFacilityMapCsv } from './facility-map-csv.ts'

/** Rows per INSERT: 11 parameters each stays well under PostgreSQL's 65,535 bind parameters. */
const INSERT_BATCH = 2000

async function systemUnitsOf(db: Db, locationCode: string) {
  return db
    .select()
    .from(locationUnits)
    .where(and(eq(locationUnits.location_code, locationCode), eq(locationUnits.system, true)))
}

/** Checks the whole file, then replaces every non-system unit in one transaction (dry run: counts). 404, 400, 415. */
export async function replaceUnitsFromCsv(
  db: Db,
  locationCode: string,
  file: { filename: string; data: Buffer },
  actor: AuditActor,
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<UploadResult> {
  const location = await getLocationByCode(db, locationCode)
  const code = location.location_code
  await assertCsvFile(file.filename, file.data)
  const system = await systemUnitsOf(db, code)
  const units = parseFacilityMapCsv(file.data, {
    unitNos: new Set(system.map((unit) => unit.unit_no.toUpperCase())),
    unitIds: new Set(system.map((unit) => unit.unit_id)),
  })
  const floors = [...new Set(units.map((unit) => unit.floor_no))].sort((a, b) => a - b)
  if (dryRun) {
    const [current] = await db
      .select({ count: count() })
      .from(locationUnits)
      .where(and(eq(locationUnits.location_code, code), eq(locationUnits.system, false)))
    return { location_code: code, imported: units.length, replaced: current?.count ?? 0, floors, dry_run: true }
  }
  const replaced = await db.transaction(async (tx) => {
    const removed = await tx
      .delete(locationUnits)
      .where(and(eq(locationUnits.location_code, code), eq(locationUnits.system, false)))
      .returning({ id: locationUnits.id })
    for (let start = 0; start < units.length; start += INSERT_BATCH) {
      await tx
        .insert(locationUnits)
        .values(
          units
            .slice(start, start + INSERT_BATCH)
            .map((unit) => ({ ...unit, location_code: code, system: false, system_rotation: 0 })),
        )
    }
    await recordAudit(
      tx,
      actor,
      'replace',
      'location_units',
      code,
      { unit_count: removed.length },
      { unit_count: units.length, file: file.filename },
    )
    return removed.length
  })
  return { location_code: code, imported: units.length, replaced, floors, dry_run: false }
}

/** One system unit per category on floor 1, width = length = size (spec: admin-console-part-1 §5). Errors: 404; 409 unit number taken. */
export async function saveSystemUnits(db: Db, input: SaveSystemUnitsInput, actor: AuditActor) {
  const location = await getLocationByCode(db, input.location_code)
  const code = location.location_code
  return db.transaction(async (tx) => {
    for (const unit of input.units) {
      const values = {
        floor_no: SYSTEM_FLOOR,
        top_coordinate: unit.top_coordinate,
        left_coordinate: unit.left_coordinate,
        width: unit.size,
        length: unit.size,
        rotate: 0,
        system_rotation: unit.system_rotation,
        description: unit.category_name,
        system: true,
      }
      const [before] = await tx
        .select()
        .from(locationUnits)
        .where(
          and(
            eq(locationUnits.location_code, code),
            eq(locationUnits.system, true),
            eq(locationUnits.category_name, unit.category_name),
          ),
        )
        .limit(1)
      if (before) {
        const [after] = await tx.update(locationUnits).set(values).where(eq(locationUnits.id, before.id)).returning()
        await recordAudit(tx, actor, 'update', 'location_unit', before.id, before, after)
      } else {
        const unitNo = SYSTEM_UNIT_NO[unit.category_name]
        const [taken] = await tx
          .select({ id: locationUnits.id })
          .from(locationUnits)
          .where(
            and(
              eq(locationUnits.location_code, code),
              or(eq(locationUnits.unit_id, unitNo), eq(locationUnits.unit_no, unitNo)),
            ),
          )
          .limit(1)
        if (taken)
          throw conflict(`Unit ${unitNo} is already on the map as a storage unit; upload a CSV without it first.`)
        const [after] = await tx
          .insert(locationUnits)
          .values({
            ...values,
            location_code: code,
            unit_id: unitNo,
            unit_no: unitNo,
            category_name: unit.category_name,
          })
          .returning()
        await recordAudit(tx, actor, 'create', 'location_unit', after!.id, null, after)
      }
    }
    return tx
      .select()
      .from(locationUnits)
      .where(and(eq(locationUnits.location_code, code), eq(locationUnits.system, true)))
      .orderBy(asc(locationUnits.category_name))
  })
}

/** Errors: 404 unknown facility; 502 with the system's message. */
export async function listUnitStatuses(db: Db, ssm: SsmClient, locationCode: string): Promise<UnitStatusList> {
  const location = await getLocationByCode(db, locationCode)
  try {
    const rows = await ssm.getAllUnits(location.location_code)
    return {
      statuses: rows
        .filter((row) => row.UNITEXTERNALID)
        .map((row) => ({ unit_no: String(row.UNITEXTERNALID), status: toUnitStatus(String(row.UnitStatus ?? '')) })),
    }
  } catch (error) {
    if (error instanceof SsmError) throw badGateway(error.message)
    throw error
  }
}
