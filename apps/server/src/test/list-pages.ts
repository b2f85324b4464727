import type { SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import { expect } from 'vitest'
import type { RecordsPage } from '@storageops/contracts/list-query'
import type { TestContext } from './context.ts'

/** Tests of the list pattern (DESIGN §13) against real routes: one page, every page, the database's own order. */
export function listPages<Row>(
  ctx: TestContext,
  url: string,
  token: () => string,
  idOf: (row: Row) => number | string,
) {
  const join = url.includes('?') ? '&' : '?'
  /** One page; fails the test unless 200. */
  const page = async (params: string, as = token()) => {
    const response = await ctx.adminCall('GET', `${url}${join}${params}`, as)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<RecordsPage<Row>>()
  }
  return {
    page,
    /** Every row's id through pages of `limit`, in the order the pages give them, each page as full as it can be. */
    allPages: async (params: string, limit: number) => {
      const ids: Array<number | string> = []
      let count = 0
      for (let offset = 0; offset === 0 || offset < count; offset += limit) {
        const next = await page(`${params}&limit=${limit}&offset=${offset}`)
        count = next.count
        expect(next.rows.length).toBe(Math.min(limit, count - offset))
        ids.push(...next.rows.map(idOf))
      }
      return { ids, count }
    },
    /** A bad parameter: 400 naming `field`. */
    refused: async (params: string, field: string) => {
      const response = await ctx.adminCall('GET', `${url}${join}${params}`, token())
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json()).toMatchObject({ error: 'invalid_input', field })
    },
  }
}

/** The ids of `table` in the database's own order (its collation), as a list must give them. */
export async function idsInOrder(ctx: TestContext, table: PgTable, id: AnyPgColumn, orderBy: SQL) {
  const rows = await ctx.db.select({ id }).from(table).orderBy(orderBy)
  return rows.map((row) => row.id as number | string)
}
