import { sql, type SQL } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import type { BulkEditRow } from '@storageops/contracts/locations'
import { locationContents, locations } from '../../db/schema.ts'
import { useTestContext } from '../../test/context.ts'
import { idsInOrder as idsOf, listPages } from '../../test/list-pages.ts'

/** GET /api/locations_bulk_edit as a list of DESIGN §13: the spec's whole array without list parameters, else a page. */

const ctx = useTestContext()
let editor: string
beforeAll(async () => {
  editor = await ctx.signInAdmin('editor@example.com')
}, 120_000)

const URL = '/api/locations_bulk_edit'
const { page, allPages, refused } = listPages<BulkEditRow>(
  ctx,
  URL,
  () => editor,
  (row) => row.id,
)
const idsInOrder = (orderBy: SQL) => idsOf(ctx, locations, locations.id, orderBy)

describe('Location Bulk Edit, paged', () => {
  test('without list parameters the whole array as before; with any, one page of the same rows and the count', async () => {
    const whole = await ctx.adminCall('GET', URL, editor)
    expect(whole.statusCode).toBe(200)
    const rows = whole.json<BulkEditRow[]>()
    expect(rows.length).toBe((await ctx.db.select({ id: locations.id }).from(locations)).length)
    const first = await page('limit=10')
    expect(first.count).toBe(rows.length)
    expect(first.rows).toEqual(rows.slice(0, 10))
    expect((await page('offset=0')).rows).toEqual(rows.slice(0, 25))
  })

  test('a page carries the CMS content columns, blank for a location without content', async () => {
    const [tx100] = (await page('q=TX100&limit=1')).rows
    expect(tx100).toMatchObject({ location_code: 'TX100', title: 'Self Storage in Austin, TX', recommended_unit: true })
    await ctx.db.delete(locationContents).where(sql`${locationContents.location_code} = 'TX100'`)
    const [blank] = (await page('q=TX100&limit=1')).rows
    expect(blank).toMatchObject({ location_code: 'TX100', title: '', recommended_unit: false, reservation_window: 14 })
  })

  test('sorts hold every row once across pages, ties in one order, and descending is the exact reverse', async () => {
    const byState = await allPages('sort=state', 11)
    expect(byState.ids).toEqual(await idsInOrder(sql`state asc, id asc`))
    expect(new Set(byState.ids).size).toBe(byState.count)
    expect((await allPages('sort=state&order=desc', 13)).ids).toEqual([...byState.ids].reverse())
    expect((await allPages('sort=reservation_window&order=desc', 50)).ids).toEqual(
      await idsInOrder(sql`reservation_window desc, id desc`),
    )
  })

  test('q finds name, code, city or state in any case and counts only the matches', async () => {
    const found = await page('q=%20tx10%20&limit=100')
    expect(found.rows.map((row) => row.location_code).sort()).toEqual(
      Array.from({ length: 10 }, (_, digit) => `TX10${digit}`),
    )
    expect(found.count).toBe(10)
    expect(await page('q=%25_none_%25')).toEqual({ rows: [], count: 0 })
  })

  test.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['offset=-1', 'offset'],
    ['sort=title', 'sort'],
    ['order=sideways', 'order'],
    [`q=${'x'.repeat(201)}`, 'q'],
  ])('%s is refused with 400 naming %s', async (params, field) => {
    await refused(params, field)
  })
})
