import { startSsmSimulator, type SsmSimulator } from '@storageops/ssm-simulator/simulator'
import type { Db } from '../../db/client.ts'
import { locations, snapshotLocations } from '../../db/schema.ts'
import { eq } from 'drizzle-orm'
import { generateEmployees, generateUnits } from '../../seed/generate.ts'
import type { Env } from '../../env.ts'

/**
 * Starts the SSM stand-in in-process (DESIGN §6) with the demo employees and the units of every
 * facility in the database, generated from the same deterministic source as the unit maps.
 */
export async function startSsmStandIn(db: Db, env: Pick<Env, 'SSM_CORP_CODE' | 'SSM_USER' | 'SSM_PASSWORD'>): Promise<SsmSimulator> {
  const rows = await db
    .select({ location_code: locations.location_code, floor_count: snapshotLocations.floor_count })
    .from(locations)
    .leftJoin(snapshotLocations, eq(snapshotLocations.location_code, locations.location_code))
  const floors = new Map(rows.map((row) => [row.location_code.toUpperCase(), row.floor_count ?? 1]))
  return startSsmSimulator({
    credentials: { corpCode: env.SSM_CORP_CODE, user: env.SSM_USER, password: env.SSM_PASSWORD },
    data: {
      employees: generateEmployees(),
      unitsFor: (code) => {
        const floorCount = floors.get(code)
        return floorCount === undefined ? undefined : generateUnits({ location_code: code, floor_count: floorCount })
      },
    },
  })
}
