import { asc } from 'drizzle-orm'
import type { GateCodeEntry } from '@storageops/contracts/facilities'
import type { Db } from '../../db/client.ts'
import { gateCodes } from '../../db/schema.ts'

export async function listGateCodes(db: Db): Promise<GateCodeEntry[]> {
  const rows = await db.select().from(gateCodes).orderBy(asc(gateCodes.name))
  return rows.map((row) => ({ name: row.name, currentCode: row.currentCode, updatedAt: row.updatedAt.toISOString() }))
}
