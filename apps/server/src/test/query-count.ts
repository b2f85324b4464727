import { vi } from 'vitest'
import type { Db } from '../db/client.ts'

/** How many statements `db`'s client (node-postgres pool or PGlite) was asked to run while `work` ran. */
export async function queriesDuring(db: Db, work: () => Promise<unknown>): Promise<number> {
  return (await statementsDuring(db, work)).length
}

/** The SQL text of each statement `db`'s client was asked to run while `work` ran. */
export async function statementsDuring(db: Db, work: () => Promise<unknown>): Promise<string[]> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client
  const spy = vi.spyOn(client, 'query')
  try {
    await work()
    return spy.mock.calls.map(([statement]) =>
      typeof statement === 'string' ? statement : String((statement as { text?: unknown }).text),
    )
  } finally {
    spy.mockRestore()
  }
}
