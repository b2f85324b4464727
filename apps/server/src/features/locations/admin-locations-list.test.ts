import { sql, type SQL } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import type { LocationRecord } from '@storageops/contracts/locations'
import { locations } from '../../db/schema.ts'
import { listSearch } from '../../lib/list-query.ts'
import { useTestContext } from '../../test/context.ts'
import { idsInOrder as idsOf, listPages } from '../../test/list-pages.ts'

/** GET /api/locations?role=admin as a list of DESIGN §13: the shared list helper (lib/list-query.ts) through a real route. */

const ctx = useTestContext()
let editor: string
let cs: string
beforeAll(async () => {
  editor = await ctx.signInAdmin('editor@example.com')
  cs = await ctx.signInAdmin('cs@example.com')
}, 120_000)

const URL = '/api/locations?role=admin'
const { page, allPages, refused } = listPages<LocationRecord>(
  ctx,
  URL,
  () => editor,
  (row) => row.id,
)
const idsInOrder = (orderBy: SQL) => idsOf(ctx, locations, locations.id, orderBy)

describe('the admin locations list, paged', () => {
  test('without list parameters the answer is the spec’s whole array by name; with any, one page and the count', async () => {
    const whole = await ctx.adminCall('GET', URL, editor)
    expect(whole.statusCode).toBe(200)
    const list = whole.json<LocationRecord[]>()
    expect(list.map((row) => row.id)).toEqual(await idsInOrder(sql`name asc, id asc`))

    const first = await page('limit=10')
    expect(first.count).toBe(list.length)
    expect(first.rows).toEqual(list.slice(0, 10))
    const byDefault = await page('offset=0')
    expect(byDefault.rows).toEqual(list.slice(0, 25))
  })

  test('pages of a sort with many ties hold every row once, in one order, and descending is its exact reverse', async () => {
    const ascending = await allPages('sort=state&order=asc', 7)
    expect(ascending.ids).toEqual(await idsInOrder(sql`state asc, id asc`))
    expect(new Set(ascending.ids).size).toBe(ascending.count)
    const descending = await allPages('sort=state&order=desc', 9)
    expect(descending.ids).toEqual([...ascending.ids].reverse())
    const again = await allPages('sort=state', 7)
    expect(again.ids).toEqual(ascending.ids)
  })

  test('a number sort orders by value, and rows without a phone come last either way', async () => {
    const byWindow = await allPages('sort=reservation_window&order=desc', 50)
    expect(byWindow.ids).toEqual(await idsInOrder(sql`reservation_window desc, id desc`))
    await ctx.db.execute(sql`update ${locations} set phone = null where id = (select min(id) from ${locations})`)
    for (const order of ['asc', 'desc'] as const) {
      const byPhone = await allPages(`sort=phone&order=${order}`, 50)
      expect(byPhone.ids).toEqual(
        await idsInOrder(order === 'asc' ? sql`phone asc nulls last, id asc` : sql`phone desc nulls last, id desc`),
      )
    }
  })

  test('q finds name, code, city or state in any case, counts only matches, and pages them', async () => {
    const [sample] = (await page('limit=1&sort=city')).rows
    const city = sample!.city
    const found = await page(`q=${encodeURIComponent(`  ${city.toUpperCase().slice(1, -1)} `)}&limit=100`)
    expect(found.count).toBeGreaterThan(0)
    expect(found.count).toBe(found.rows.length)
    const needle = city.toLowerCase().slice(1, -1)
    for (const row of found.rows)
      expect(
        [row.name, row.location_code, row.city, row.state].some((value) => value.toLowerCase().includes(needle)),
      ).toBe(true)
    expect(found.rows.map((row) => row.id)).toContain(sample!.id)

    const code = (await page(`q=${sample!.location_code.toLowerCase()}`)).rows.map((row) => row.location_code)
    expect(code).toContain(sample!.location_code)

    const none = await page('q=%25_nothing_%25')
    expect(none).toEqual({ rows: [], count: 0 })
    const blank = await page('q=%20%20&limit=5')
    expect(blank.count).toBe((await page('limit=1')).count)
  })

  test('q is served by the trigram indexes (migration 0032) on both databases', async () => {
    const plan = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      const where = listSearch({ search: [locations.name, locations.location_code, locations.city] }, 'harbor')!
      // Both drivers answer { rows }; the Db type does not say so.
      const result: unknown = await tx.execute(sql`explain select id from ${locations} where ${where}`)
      return (result as { rows: { 'QUERY PLAN': string }[] }).rows.map((row) => row['QUERY PLAN']).join('\n')
    })
    expect(plan).toContain('locations_name_trgm')
    expect(plan).toContain('locations_city_trgm')
  })

  test('a customer-service role gets no hidden field in a page and may not sort by one', async () => {
    const rows = (await page('limit=3&sort=city', cs)).rows
    expect(rows).toHaveLength(3)
    for (const row of rows) expect(Object.keys(row)).not.toContain('allow_ach')
    const refusal = await ctx.adminCall('GET', `${URL}&sort=allow_ach`, cs)
    expect([refusal.statusCode, refusal.json()]).toEqual([
      400,
      {
        error: 'invalid_input',
        message: 'Sorting by allow_ach is not available to your role.',
        field: 'sort',
        errors: [{ field: 'sort', message: 'Sorting by allow_ach is not available to your role.' }],
      },
    ])
    expect((await page('limit=3&sort=allow_ach&order=desc')).rows).toHaveLength(3)
  })

  test.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['offset=-1', 'offset'],
    ['sort=slug', 'sort'],
    ['sort=address', 'sort'],
    ['order=up', 'order'],
    [`q=${'x'.repeat(201)}`, 'q'],
    ['q=%00', 'q'],
  ])('%s is refused with 400 naming %s', async (params, field) => {
    await refused(params, field)
  })
})
