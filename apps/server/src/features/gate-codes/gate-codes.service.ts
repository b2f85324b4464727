import { asc } from 'drizzle-orm'
import type { GateCodeEntry } from '@storageops/contracts/facilities'
import type { Db } from '../../db/client.ts'
import { gateCodes } from '../../db/schema.ts'

/** The three rotating gate codes with their last update (spec: admin-console-part-2 §7). */
export async function listGateCodes(db: Db): Promise<GateCodeEntry[]> {
  const rows = await db.select().from(gateCodes).orderBy(asc(gateCodes.name))
  return rows.map((row) => ({ name: row.name, currentCode: row.currentCode, updatedAt: row.updatedAt.toISOString() }))
}
