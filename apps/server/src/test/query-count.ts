import { vi } from 'vitest'
import type { Db } from '../db/client.ts'

/** How many statements `db`'s client (node-postgres pool or PGlite) was asked to run while `work` ran. */
export async function queriesDuring(db: Db, work: () => Promise<unknown>): Promise<number> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client
  const spy = vi.spyOn(client, 'query')
  try {
    await work()
    return spy.mock.calls.length
  } finally {
    spy.mockRestore()
  }
}
