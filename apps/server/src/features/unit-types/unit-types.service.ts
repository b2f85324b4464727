import { and, asc, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import { LOCATION_MESSAGES } from '@storageops/contracts/location-rules'
import type {
  LocationUnitTypes,
  SaveUnitTypeInput,
  SavedUnitType,
  SsmUnitType,
  UnitFilter,
} from '@storageops/contracts/unit-types'
import type { Db } from '../../db/client.ts'
import { locations, locationUnitTypes, unitFilters } from '../../db/schema.ts'
import { SsmError, type SsmClient } from '../../integrations/ssm/client.ts'
import type { AdminSession } from '../../lib/admin-session.ts'
import { badGateway, badRequest, notFound } from '../../lib/http-error.ts'
import { recordAudit } from '../../lib/audit.ts'

async function findLocation(db: Db, locationCode: string) {
  const [row] = await db
    .select({
      location_code: locations.location_code,
      name: locations.name,
      address: locations.address,
      city: locations.city,
      state: locations.state,
      zip: locations.zip,
    })
    .from(locations)
    .where(eq(locations.location_code, locationCode))
    .limit(1)
  if (!row) throw notFound(LOCATION_MESSAGES.invalidLocationCode, 'location_code')
  return row
}

function withFilters(row: typeof locationUnitTypes.$inferSelect, filters: UnitFilter[]): SavedUnitType {
  return {
    unit_type_id: row.unit_type_id,
    note: row.note,
    unit_filters: filters.filter((filter) => row.unit_filter_ids.includes(filter.id)),
  }
}

/** 404 for an unknown code. */
export async function getLocationUnitTypes(db: Db, locationCode: string): Promise<LocationUnitTypes> {
  const location = await findLocation(db, locationCode)
  const filters = await db.select().from(unitFilters).orderBy(asc(unitFilters.name))
  const saved = await db
    .select()
    .from(locationUnitTypes)
    .where(eq(locationUnitTypes.location_code, locationCode))
    .orderBy(asc(locationUnitTypes.unit_type_id))
  return { location, available_filters: filters, unit_types: saved.map((row) => withFilters(row, filters)) }
}

/** Errors: 404 unknown code; 502 with the system's message. */
export async function fetchSsmUnitTypes(db: Db, ssm: SsmClient, locationCode: string): Promise<SsmUnitType[]> {
  await findLocation(db, locationCode)
  try {
    const result = await ssm.call('GetLocationUnitTypes', { strLocationCode: locationCode })
    return (result.tables.LocationUnitTypes ?? []).map((row) => ({
      UnitTypeId: Number(row.UnitTypeId),
      UnitTypeCode: String(row.UnitTypeCode ?? ''),
      CategoryName: String(row.CategoryName ?? ''),
    }))
  } catch (error) {
    if (error instanceof SsmError) throw badGateway(`Storage management system: ${error.message}`)
    throw error
  }
}

/** 400 naming the field unless the system lists the unit type and every filter exists (spec: admin-console-part-1 §5). */
export async function saveUnitType(
  db: Db,
  ssm: SsmClient,
  input: z.output<typeof SaveUnitTypeInput>,
  actor: AdminSession,
): Promise<SavedUnitType> {
  const types = await fetchSsmUnitTypes(db, ssm, input.location_code)
  if (!types.some((type) => type.UnitTypeId === input.unit_type_id))
    throw badRequest(`Unit type ${input.unit_type_id} is not a unit type of ${input.location_code}.`, 'unit_type_id')
  const ids = [...new Set(input.unit_filter_ids)]
  const chosen = ids.length ? await db.select().from(unitFilters).where(inArray(unitFilters.id, ids)) : []
  if (chosen.length !== ids.length) throw badRequest('Unknown unit filter.', 'unit_filter_ids')
  const keys = chosen.map((filter) => filter.filter_key).sort()
  if (input.unit_filter_keys && [...new Set(input.unit_filter_keys)].sort().join('\n') !== keys.join('\n')) {
    throw badRequest('unit_filter_keys do not match unit_filter_ids.', 'unit_filter_keys')
  }
  return db.transaction(async (tx) => {
    const where = and(
      eq(locationUnitTypes.location_code, input.location_code),
      eq(locationUnitTypes.unit_type_id, input.unit_type_id),
    )
    const [before] = await tx.select().from(locationUnitTypes).where(where).limit(1)
    const values = {
      note: input.note,
      unit_filter_ids: ids.sort((a, b) => a - b),
      unit_filter_keys: keys,
      updatedAt: new Date(),
    }
    const [row] = await tx
      .insert(locationUnitTypes)
      .values({ location_code: input.location_code, unit_type_id: input.unit_type_id, ...values })
      .onConflictDoUpdate({ target: [locationUnitTypes.location_code, locationUnitTypes.unit_type_id], set: values })
      .returning()
    const saved = withFilters(row!, chosen)
    await recordAudit(
      tx,
      actor,
      'update',
      'location_unit_type',
      `${input.location_code}/${input.unit_type_id}`,
      before ?? null,
      row,
    )
    return saved
  })
}
