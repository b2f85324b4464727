import { sql, type SQL } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import type { Location } from '@storageops/contracts/facilities'
import { locations } from '../../db/schema.ts'
import { listSearch } from '../../lib/list-query.ts'
import { useTestContext } from '../../test/context.ts'
import { idsInOrder as idsOf, listPages } from '../../test/list-pages.ts'

/** GET /api/locations (no role) as a list of DESIGN §13: the admin console's /snapshot list asks for pages. */

const ctx = useTestContext()
let admin: string
beforeAll(async () => {
  admin = await ctx.signInAdmin()
}, 120_000)

const URL = '/api/locations'
const { page, allPages, refused } = listPages<Location>(
  ctx,
  URL,
  () => admin,
  (row) => row.id,
)
const idsInOrder = (orderBy: SQL) => idsOf(ctx, locations, locations.id, orderBy)

describe('the facility list, paged', () => {
  test('without list parameters the whole list by name, with its ETag; with any, one page of the same rows', async () => {
    const whole = await ctx.adminCall('GET', URL, admin)
    expect(whole.statusCode).toBe(200)
    expect(whole.headers.etag).toBeTruthy()
    const list = whole.json<Location[]>()
    expect(list.map((row) => row.id)).toEqual(await idsInOrder(sql`name asc, id asc`))
    const first = await page('limit=7')
    expect(first).toEqual({ rows: list.slice(0, 7), count: list.length })
    expect((await page('offset=25')).rows).toEqual(list.slice(25, 50))
  })

  test('each sort pages every row once; descending is the exact reverse; ties keep one order', async () => {
    for (const sort of ['location_code', 'address', 'city', 'state'] as const) {
      const ascending = await allPages(`sort=${sort}`, 40)
      expect(ascending.ids).toEqual(await idsInOrder(sql.raw(`${sort} asc, id asc`)))
      expect((await allPages(`sort=${sort}&order=desc`, 33)).ids).toEqual([...ascending.ids].reverse())
    }
  })

  test('q finds code, name, state, city, address or zip as the field tool’s search does', async () => {
    const list = (await ctx.adminCall('GET', URL, admin)).json<Location[]>()
    const [sample] = list
    for (const needle of [sample!.address.slice(2, 9), sample!.zip, sample!.location_code.toLowerCase()]) {
      const found = await page(`q=${encodeURIComponent(needle)}&limit=100`)
      const expected = list.filter((row) =>
        [row.location_code, row.name, row.state, row.city, row.address, row.zip].some((value) =>
          value.toLowerCase().includes(needle.toLowerCase()),
        ),
      )
      expect(found.count).toBe(expected.length)
      expect(found.rows.map((row) => row.id).sort()).toEqual(expected.map((row) => row.id).sort())
    }
  })

  test('q over address and zip is served by their trigram indexes too', async () => {
    const plan = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      const where = listSearch({ search: [locations.address, locations.zip] }, 'cedar')!
      const result: unknown = await tx.execute(sql`explain select id from ${locations} where ${where}`)
      return (result as { rows: { 'QUERY PLAN': string }[] }).rows.map((row) => row['QUERY PLAN']).join('\n')
    })
    expect(plan).toContain('locations_address_trgm')
    expect(plan).toContain('locations_zip_trgm')
  })

  test('one location by location_code is unchanged by list parameters', async () => {
    const response = await ctx.adminCall('GET', `${URL}?location_code=TX100&limit=5`, admin)
    expect(response.json<Location[]>().map((row) => row.location_code)).toEqual(['TX100'])
  })

  test.each([
    ['limit=0', 'limit'],
    ['offset=x', 'offset'],
    ['sort=phone', 'sort'],
    ['sort=allow_ach', 'sort'],
    ['order=down', 'order'],
  ])('%s is refused with 400 naming %s', async (params, field) => {
    await refused(params, field)
  })
})
