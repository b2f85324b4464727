import {
  startSsmSimulator,
  type SsmEmployee,
  type SsmSimulator,
  type SsmTenant,
  type SsmUnit,
} from '@storageops/ssm-simulator/simulator'
import type { Db } from '../../db/client.ts'
import { locations, snapshotLocations, tasks } from '../../db/schema.ts'
import { eq, isNotNull, sql } from 'drizzle-orm'
import type { Env } from '../../env.ts'

/** What the stand-in holds besides the database's facilities and appointments (the demo seed's `demoSsmData`). */
export interface SsmStandInData {
  employees: SsmEmployee[]
  /** A facility's units, from the same deterministic source as its unit map. */
  unitsOf(facility: { location_code: string; floor_count: number }): SsmUnit[]
  /** The tenants of a facility's rented units; lease dates count back from `asOf` (YYYY-MM-DD, default today). */
  tenantsOf(
    facility: { location_code: string; city: string; state: string; zip: string },
    units: ReadonlyArray<{ unit_no: string; status: string; system: boolean }>,
    asOf?: string,
  ): SsmTenant[]
  /** A unit type's first street rate in dollars. */
  streetRateOf?: (locationCode: string, unitTypeId: number) => number
}

/** In-process, knowing every facility in the database (also ones added later) and the tasks' appointments. */
export async function startSsmStandIn(
  db: Db,
  env: Pick<Env, 'SSM_CORP_CODE' | 'SSM_USER' | 'SSM_PASSWORD'>,
  data: SsmStandInData,
): Promise<SsmSimulator> {
  const floorsOf = async (code?: string) => {
    const rows = await db
      .select({
        location_code: locations.location_code,
        floor_count: snapshotLocations.floor_count,
        city: locations.city,
        state: locations.state,
        zip: locations.zip,
      })
      .from(locations)
      .leftJoin(snapshotLocations, eq(snapshotLocations.location_code, locations.location_code))
      .where(code === undefined ? undefined : sql`upper(${locations.location_code}) = ${code}`)
    return new Map(rows.map((row) => [row.location_code.toUpperCase(), { ...row, floor_count: row.floor_count ?? 1 }]))
  }
  const floors = await floorsOf()
  const appointments = await db
    .select({ appointment_id: tasks.appointment_id, location_code: tasks.location_code, unit_no: tasks.unit_no })
    .from(tasks)
    .where(isNotNull(tasks.appointment_id))
  return startSsmSimulator({
    credentials: { corpCode: env.SSM_CORP_CODE, user: env.SSM_USER, password: env.SSM_PASSWORD },
    data: {
      employees: data.employees,
      appointments: appointments.map((row) => ({ ...row, appointment_id: row.appointment_id! })),
      // A facility created after start-up is known too: in the demo the system holds every facility.
      unitsFor: async (code) => {
        const location = floors.get(code) ?? (await floorsOf(code)).get(code)
        return location === undefined
          ? undefined
          : data.unitsOf({ location_code: code, floor_count: location.floor_count })
      },
      streetRateFor: data.streetRateOf,
      locationCodes: async () => [...(await floorsOf()).keys()],
      tenantsFor: async (code, units) => {
        const location = floors.get(code) ?? (await floorsOf(code)).get(code)
        return location ? data.tenantsOf({ ...location, location_code: code }, units) : []
      },
    },
  })
}
