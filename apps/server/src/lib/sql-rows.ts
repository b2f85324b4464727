import type { SQL } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'

/** The rows of a raw `sql` query (both drivers answer `{ rows }`); `Row` is what its select list names. */
export async function rowsOf<Row>(db: Db | Tx, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query)
  return (result as { rows: Row[] }).rows
}
