import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { useTestContext } from '../test/context.ts'

/**
 * The demo data agrees with itself (issue 34 item 5): every stored moment of the seed, found in the catalogue so a
 * table added later is checked too, is not in the future unless it is something scheduled, and no row's events come
 * before the row was created.
 */

const ctx = useTestContext()

/** Moments that are plans, not events: they may lie ahead. */
const SCHEDULED = new Set([
  'auctions.startDate',
  'auctions.endDate',
  'communications.next_attempt_at',
  'sessions.expires_at',
  'payment_links.expires_at',
  'oidc_sign_ins.expires_at',
  'oidc_sign_ins.ticket_expires_at',
])
/** Moments that may come before the row's creation: a plan made earlier, or the phone's own time of an offline action. */
const BEFORE_CREATION_ALLOWED = new Set([...SCHEDULED, 'acted_at'])

interface Column {
  table: string
  column: string
}

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows

async function momentColumns(): Promise<Column[]> {
  const result = await ctx.db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('timestamp with time zone', 'timestamp without time zone', 'date')
    order by table_name, column_name`)
  return rowsOf<{ table_name: string; column_name: string }>(result).map((row) => ({
    table: row.table_name,
    column: row.column_name,
  }))
}

const count = async (query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ count: string | number }>(await ctx.db.execute(query))[0]!.count)

describe('seeded dates', () => {
  test('nothing is dated in the future except what is scheduled', async () => {
    const columns = await momentColumns()
    expect(columns.length).toBeGreaterThan(40)
    const future: string[] = []
    for (const { table, column } of columns) {
      if (SCHEDULED.has(`${table}.${column}`)) continue
      const ahead = await count(
        sql`select count(*) as count from ${sql.identifier(table)} where ${sql.identifier(column)} > now() + interval '1 minute'`,
      )
      if (ahead > 0) future.push(`${table}.${column}: ${ahead} rows`)
    }
    expect(future).toEqual([])
  })

  test('nothing was sent, viewed, closed or otherwise done before its row was created', async () => {
    const columns = await momentColumns()
    const createdOf = new Map(
      columns
        .filter(({ column }) => column === 'createdAt' || column === 'created_at')
        .map(({ table, column }) => [table, column]),
    )
    const early: string[] = []
    let checked = 0
    for (const { table, column } of columns) {
      const created = createdOf.get(table)
      if (!created || column === created) continue
      if (BEFORE_CREATION_ALLOWED.has(`${table}.${column}`) || BEFORE_CREATION_ALLOWED.has(column)) continue
      checked += 1
      const before = await count(
        sql`select count(*) as count from ${sql.identifier(table)} where ${sql.identifier(column)} < ${sql.identifier(created)}`,
      )
      if (before > 0) early.push(`${table}.${column} before ${created}: ${before} rows`)
    }
    expect(checked).toBeGreaterThan(20)
    expect(early).toEqual([])
  })

  test('auction winners are emailed after they were imported, and their outcomes come after the email', async () => {
    expect(
      await count(
        sql`select count(*) as count from auction_winners where sent_at < "createdAt" or outcome_at < sent_at`,
      ),
    ).toBe(0)
    expect(
      await count(sql`select count(*) as count from auction_winners w join auctions a on a.id = w.auction_id
        where w."createdAt" < a."createdAt"`),
    ).toBe(0)
  })
})
