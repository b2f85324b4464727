import { sql, type SQL } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import type { City } from '@storageops/contracts/content/cities'
import type { LandingPage } from '@storageops/contracts/content/landing-pages'
import { RESOURCE_PAGE_SIZE } from '@storageops/contracts/resource'
import { cities, landingPages } from '../../db/schema.ts'
import { useTestContext } from '../../test/context.ts'
import { idsInOrder, listPages } from '../../test/list-pages.ts'

/**
 * GET /api/cities and /api/landing_pages as lists of DESIGN §13: declarations with `list` page, sort and search
 * through the generic resource routes (lib/resource-routes.ts); without list parameters the spec's whole array.
 */

const ctx = useTestContext()
let editor: string
beforeAll(async () => {
  editor = await ctx.signInAdmin('editor@example.com')
}, 120_000)

describe('cities, paged', () => {
  const { page, allPages, refused } = listPages<City>(
    ctx,
    '/api/cities',
    () => editor,
    (row) => row.id,
  )
  const inOrder = (orderBy: SQL) => idsInOrder(ctx, cities, cities.id, orderBy)

  test('without list parameters the answer is the spec’s whole array by name; with any, one page and the count', async () => {
    const whole = await ctx.adminCall('GET', '/api/cities', editor)
    expect(whole.statusCode).toBe(200)
    const list = whole.json<City[]>()
    expect(list.length).toBeGreaterThan(10)
    expect(list.map((row) => row.id)).toEqual(await inOrder(sql`name asc, id asc`))
    expect(Object.keys(list[0]!).sort()).toEqual(
      ['id', 'state', 'name', 'lat', 'long', 'zoom_level', 'meta_title', 'meta_description', 'image_src']
        .concat(['image_alt', 'body'])
        .sort(),
    )

    const first = await page('limit=10')
    expect(first).toEqual({ rows: list.slice(0, 10), count: list.length })
    expect((await page('offset=0')).rows).toEqual(list.slice(0, RESOURCE_PAGE_SIZE))
    expect((await page('offset=8&limit=5')).rows).toEqual(list.slice(8, 13))
    expect(await page(`offset=${list.length}`)).toEqual({ rows: [], count: list.length })
  })

  test('pages of a sort with many ties hold every row once, in one order, and descending is its exact reverse', async () => {
    const ascending = await allPages('sort=state&order=asc', 11)
    expect(ascending.ids).toEqual(await inOrder(sql`state asc, id asc`))
    expect(new Set(ascending.ids).size).toBe(ascending.count)
    const descending = await allPages('sort=state&order=desc', 13)
    expect(descending.ids).toEqual([...ascending.ids].reverse())
    expect((await allPages('sort=state', 11)).ids).toEqual(ascending.ids)
    expect((await allPages('sort=name&order=desc', 40)).ids).toEqual(await inOrder(sql`name desc, id desc`))
  })

  test('a name shared by two states keeps one order across pages', async () => {
    const [sample] = (await page('limit=1&sort=name')).rows
    await ctx.db.insert(cities).values({ ...sample!, id: undefined, state: 'ZZ' })
    const byName = await allPages('sort=name', 4)
    expect(byName.ids).toEqual(await inOrder(sql`name asc, id asc`))
    const twins = (await page(`q=${encodeURIComponent(sample!.name)}&limit=100`)).rows.filter(
      (row) => row.name === sample!.name,
    )
    expect(twins.map((row) => row.state)).toEqual([sample!.state, 'ZZ'])
    await ctx.db.delete(cities).where(sql`${cities.state} = 'ZZ'`)
  })

  test('q finds the name or the state in any case, counts only matches, and pages them', async () => {
    const [sample] = (await page('limit=1&sort=state&order=desc')).rows
    const needle = sample!.name.slice(1, -1)
    const found = await page(`q=${encodeURIComponent(`  ${needle.toUpperCase()} `)}&limit=100`)
    expect(found.count).toBe(found.rows.length)
    expect(found.rows.map((row) => row.id)).toContain(sample!.id)
    for (const row of found.rows)
      expect([row.name, row.state].some((value) => value.toLowerCase().includes(needle.toLowerCase()))).toBe(true)

    const byState = await page(`q=${sample!.state.toLowerCase()}&limit=100&sort=name`)
    const inState = (await ctx.adminCall('GET', '/api/cities', editor))
      .json<City[]>()
      .filter((row) => `${row.name} ${row.state}`.toLowerCase().includes(sample!.state.toLowerCase()))
    expect(byState).toEqual({ rows: inState, count: inState.length })

    expect(await page('q=%25_nothing_%25')).toEqual({ rows: [], count: 0 })
    expect((await page('q=%20%20&limit=5')).count).toBe((await page('limit=1')).count)
  })

  test.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['offset=-1', 'offset'],
    ['sort=meta_title', 'sort'],
    ['sort=body', 'sort'],
    ['order=up', 'order'],
    [`q=${'x'.repeat(201)}`, 'q'],
    ['q=%00', 'q'],
  ])('%s is refused with 400 naming %s', async (params, field) => {
    await refused(params, field)
  })

  test('a role without /cities may not read a page', async () => {
    const cs = await ctx.signInAdmin('cs@example.com')
    expect((await ctx.adminCall('GET', '/api/cities?limit=5', cs)).statusCode).toBe(403)
  })
})

describe('landing pages, paged by their short name key', () => {
  const { page, allPages, refused } = listPages<LandingPage>(
    ctx,
    '/api/landing_pages',
    () => editor,
    (row) => row.short_name,
  )
  const inOrder = (orderBy: SQL) => idsInOrder(ctx, landingPages, landingPages.short_name, orderBy)

  test('the whole array by full name without parameters; pages of it with them', async () => {
    const list = (await ctx.adminCall('GET', '/api/landing_pages', editor)).json<LandingPage[]>()
    expect(Array.isArray(list)).toBe(true)
    expect(list.map((row) => row.short_name)).toEqual(await inOrder(sql`full_name asc, short_name asc`))
    expect(await page('limit=3&offset=2')).toEqual({ rows: list.slice(2, 5), count: list.length })
  })

  test('sorted by short name either way, every page full', async () => {
    const ascending = await allPages('sort=short_name', 2)
    expect(ascending.ids).toEqual(await inOrder(sql`short_name asc`))
    expect((await allPages('sort=short_name&order=desc', 3)).ids).toEqual([...ascending.ids].reverse())
  })

  test('q finds the short or the full name', async () => {
    const [sample] = (await page('limit=1')).rows
    const byShort = await page(`q=${sample!.short_name.slice(0, 4).toUpperCase()}`)
    expect(byShort.rows.map((row) => row.short_name)).toContain(sample!.short_name)
    const byFull = await page(`q=${encodeURIComponent(sample!.full_name.slice(-6))}`)
    expect(byFull.rows.map((row) => row.short_name)).toContain(sample!.short_name)
  })

  test.each([
    ['sort=facilities_ids', 'sort'],
    ['limit=-3', 'limit'],
    ['order=DESC', 'order'],
  ])('%s is refused with 400 naming %s', async (params, field) => {
    await refused(params, field)
  })
})
