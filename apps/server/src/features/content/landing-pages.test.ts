import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import type { LandingPage } from '@storageops/contracts/content/landing-pages'
import type { FileList } from '@storageops/contracts/files'
import { landingPages, locations } from '../../db/schema.ts'
import { useTestContext } from '../../test/context.ts'

const ctx = useTestContext()
let editor: string
let facilityIds: number[]

beforeAll(async () => {
  editor = await ctx.signInAdmin('editor@example.com')
  facilityIds = (await ctx.db.select({ id: locations.id }).from(locations).orderBy(locations.id)).map((row) => row.id)
}, 120_000)

const page = (overrides: Record<string, unknown> = {}) => ({
  short_name: 'Lake-Country',
  full_name: 'Self Storage in Lake Country',
  header_image_src: '  /img/drive-up-units.jpg  ',
  image_alt: 'Drive-up units',
  meta_title: 'Lake Country Storage',
  meta_description: 'Units near the lakes.',
  keywords: ['lake storage'],
  body: '## Lakes\n\n- [x] Boats',
  lat: 43.07,
  long: -88.39,
  facilities_ids: facilityIds.slice(0, 2),
  ...overrides,
})

const count = async () => (await ctx.db.select().from(landingPages)).length

describe('landing pages', () => {
  test('the demo operator has landing pages, each with its facilities', async () => {
    const response = await ctx.adminCall('GET', '/api/landing_pages', editor)
    expect(response.statusCode).toBe(200)
    const pages = response.json<LandingPage[]>()
    expect(pages.length).toBeGreaterThan(0)
    for (const landing of pages) expect(landing.facilities_ids.length).toBeGreaterThan(0)
  })

  test('a page is created with its short name lower-cased, the image location trimmed and zoom 1 by default', async () => {
    const response = await ctx.adminCall('POST', '/api/landing_pages', editor, page())
    expect(response.statusCode).toBe(201)
    expect(response.json<LandingPage>()).toMatchObject({
      short_name: 'lake-country',
      header_image_src: '/img/drive-up-units.jpg',
      zoom_level: 1,
      keywords: ['lake storage'],
      facilities_ids: facilityIds.slice(0, 2),
    })
    const read = await ctx.adminCall('GET', '/api/landing_pages/lake-country', editor)
    expect(read.json<LandingPage>().full_name).toBe('Self Storage in Lake Country')
    const taken = await ctx.adminCall('POST', '/api/landing_pages', editor, page())
    expect(taken.statusCode).toBe(409)
  })

  test('without a facility nothing is saved: Please select at least one facility.', async () => {
    const before = await count()
    for (const facilities_ids of [[], undefined]) {
      const response = await ctx.adminCall(
        'POST',
        '/api/landing_pages',
        editor,
        page({ short_name: 'empty', facilities_ids }),
      )
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({
        field: 'facilities_ids',
        message: expect.stringContaining('Please select at least one facility.'),
      })
    }
    const update = await ctx.adminCall('PUT', '/api/landing_pages/lake-country', editor, {
      ...page(),
      facilities_ids: [],
    })
    expect(update.statusCode).toBe(400)
    expect(await count()).toBe(before)
    const [stored] = await ctx.db.select().from(landingPages).where(eq(landingPages.short_name, 'lake-country'))
    expect(stored?.facilities_ids).toEqual(facilityIds.slice(0, 2))
  })

  test('a facility id that names no location is refused (422) on create and update', async () => {
    const created = await ctx.adminCall(
      'POST',
      '/api/landing_pages',
      editor,
      page({ short_name: 'ghost', facilities_ids: [facilityIds[0], 2_000_000] }),
    )
    expect(created.statusCode).toBe(422)
    expect(created.json()).toMatchObject({ field: 'facilities_ids' })
    const updated = await ctx.adminCall('PUT', '/api/landing_pages/lake-country', editor, {
      ...page(),
      facilities_ids: [2_000_000],
    })
    expect(updated.statusCode).toBe(422)
    expect((await ctx.adminCall('GET', '/api/landing_pages/ghost', editor)).statusCode).toBe(404)
  })

  test('short and full name are read-only on update: a PUT that sends them changes neither', async () => {
    const response = await ctx.adminCall('PUT', '/api/landing_pages/lake-country', editor, {
      ...page({ short_name: 'renamed', full_name: 'Renamed', facilities_ids: [facilityIds[2]] }),
    })
    expect(response.statusCode).toBe(200)
    expect(response.json<LandingPage>()).toMatchObject({
      short_name: 'lake-country',
      full_name: 'Self Storage in Lake Country',
      facilities_ids: [facilityIds[2]],
    })
    expect((await ctx.adminCall('GET', '/api/landing_pages/renamed', editor)).statusCode).toBe(404)
  })

  test('the header image counts as a use of the library file', async () => {
    const admin = await ctx.signInAdmin()
    const files = (await ctx.adminCall('GET', '/api/file', admin)).json<FileList>()
    expect(files.files.find((file) => file.name === 'drive-up-units.jpg')?.used_in).toContainEqual({
      kind: 'Landing page',
      label: 'Self Storage in Lake Country',
      link: '/landing-pages/lake-country',
    })
  })

  test('a role without /landing-pages cannot read or write them (403); delete removes the page', async () => {
    const cs = await ctx.signInAdmin('cs@example.com')
    expect((await ctx.adminCall('GET', '/api/landing_pages', cs)).statusCode).toBe(403)
    expect((await ctx.adminCall('POST', '/api/landing_pages', cs, page({ short_name: 'cs-page' }))).statusCode).toBe(
      403,
    )
    expect((await ctx.adminCall('DELETE', '/api/landing_pages/lake-country', editor)).statusCode).toBe(200)
    expect((await ctx.adminCall('GET', '/api/landing_pages/lake-country', editor)).statusCode).toBe(404)
  })

  test('a location a landing page shows is not deleted (409 naming the page) until an editor takes it off the page', async () => {
    const admin = await ctx.signInAdmin()
    const [template] = await ctx.db.select().from(locations).limit(1)
    const { id: _id, ...location } = template!
    const [lot] = await ctx.db
      .insert(locations)
      .values({ ...location, location_code: 'ZZ901', slug: 'overflow-lot-zz-901', name: 'Overflow Lot #901' })
      .returning()
    const created = await ctx.adminCall(
      'POST',
      '/api/landing_pages',
      editor,
      page({ short_name: 'overflow', full_name: 'Overflow Storage', facilities_ids: [facilityIds[0], lot!.id] }),
    )
    expect(created.statusCode).toBe(201)

    const refused = await ctx.adminCall('DELETE', `/api/locations/${lot!.id}`, admin)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      field: 'id',
      message: 'Overflow Lot #901 is shown on the landing page Overflow Storage. Take it off that page first.',
      landing_pages: ['overflow'],
    })
    expect(await ctx.db.select().from(locations).where(eq(locations.id, lot!.id))).toHaveLength(1)

    const edited = await ctx.adminCall('PUT', '/api/landing_pages/overflow', editor, {
      ...page({ facilities_ids: [facilityIds[0]] }),
      full_name: undefined,
      short_name: undefined,
    })
    expect(edited.statusCode).toBe(200)
    expect((await ctx.adminCall('DELETE', `/api/locations/${lot!.id}`, admin)).statusCode).toBe(200)
    expect(await ctx.db.select().from(locations).where(eq(locations.id, lot!.id))).toHaveLength(0)
    const overflow = (await ctx.adminCall('GET', '/api/landing_pages/overflow', editor)).json<LandingPage>()
    expect(overflow.facilities_ids).toEqual([facilityIds[0]])
  })
})
