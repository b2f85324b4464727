import { and, eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import type { LocationRecord } from '@storageops/contracts/locations'
import { auditLog, landingPages, locationContents, locations } from '../../db/schema.ts'
import { useTestContext, type TestContext } from '../../test/context.ts'
import { secretBoxFor } from './location-secrets.ts'

const ctx = useTestContext()
let superadmin: string
let editor: string
let cs: string
beforeAll(async () => {
  superadmin = await ctx.signInAdmin('admin@example.com')
  editor = await ctx.signInAdmin('editor@example.com')
  cs = await ctx.signInAdmin('cs@example.com')
}, 120_000)

const call: TestContext['adminCall'] = (...args) => ctx.adminCall(...args)

let counter = 0
function newLocation(overrides: Record<string, unknown> = {}) {
  counter += 1
  return {
    name: `Harbor Point Test ${counter}`,
    location_code: `ZT${counter}`,
    slug: `harbor-point-test-${counter}`,
    address: '100 Test Way',
    city: 'Austin',
    state: 'tx',
    zip: '78701',
    lat: 30.27,
    long: -97.74,
    ...overrides,
  }
}

async function create(overrides: Record<string, unknown> = {}) {
  const response = await call('POST', '/api/locations', superadmin, newLocation(overrides))
  expect(response.statusCode, response.body).toBe(201)
  return response.json<LocationRecord>()
}

describe('locations list and view', () => {
  test('GET /api/locations?role=admin lists every location with every field of §3', async () => {
    const response = await call('GET', '/api/locations?role=admin', editor)
    expect(response.statusCode).toBe(200)
    const list = response.json<LocationRecord[]>()
    expect(list.length).toBeGreaterThan(5)
    expect(Object.keys(list[0]!)).toEqual(
      expect.arrayContaining([
        'id',
        'name',
        'location_code',
        'slug',
        'address',
        'city',
        'state',
        'zip',
        'lat',
        'long',
        'phone',
        'fax',
        'photo',
        'gate_hours',
        'office_hours',
        'contact_name',
        'reservation_email',
        'pm_email',
        'w9',
        'coming_soon',
        'sboa',
        'sboa_brochure',
        'allow_edge_express_in_kiosk',
        'special_instruction_after_rental',
        'allow_ach',
        'feedback_link',
        'autopay_on_move_in',
        'autopay_on_payment',
        'facility_map_enabled',
        'kiosk_id_scanner_enabled',
        'sub_location',
        'strike_through_rate',
        'cc_fee',
        'cid',
        'reservation_window',
        'xwebid',
        'xwebterminalid',
        'xwebauthkey',
        'kiosk_xwebid',
        'kiosk_xwebterminalid',
        'kiosk_xwebauthkey',
      ]),
    )
  })

  test('the plain list keeps its search fields only, and the admin list is refused to field-tool users', async () => {
    const plain = await call('GET', '/api/locations', editor)
    expect(Object.keys(plain.json<object[]>()[0]!)).not.toContain('xwebid')
    const field = await ctx.signInField()
    expect((await ctx.request({ method: 'GET', url: '/api/locations?role=admin', token: field })).statusCode).toBe(403)
    expect((await ctx.request({ method: 'GET', url: '/api/locations', token: field })).statusCode).toBe(200)
  })

  test('GET /api/locations/{id} shows one location; 404 when unknown', async () => {
    const created = await create()
    const one = await call('GET', `/api/locations/${created.id}`, cs)
    expect(one.statusCode).toBe(200)
    expect(one.json()).toMatchObject({ location_code: created.location_code, state: 'TX' })
    const unknown = await call('GET', '/api/locations/999999', cs)
    expect([unknown.statusCode, unknown.json()]).toEqual([
      404,
      { error: 'not_found', message: 'Location not found.', field: 'id' },
    ])
  })
})

describe('location form rules, on the server', () => {
  test('null values take the defaults: strike_through_rate 0, reservation_window 7, flags false, facility map on', async () => {
    const created = await create({
      strike_through_rate: null,
      reservation_window: null,
      allow_ach: null,
      facility_map_enabled: null,
      phone: '  ',
    })
    expect(created).toMatchObject({
      strike_through_rate: 0,
      reservation_window: 7,
      allow_ach: false,
      facility_map_enabled: true,
      phone: null,
    })
  })

  test('turning sboa off clears sboa_brochure', async () => {
    const withBrochure = await create({ sboa: true, sboa_brochure: 'sboa-brochure.pdf' })
    expect(withBrochure).toMatchObject({ sboa: true, sboa_brochure: 'sboa-brochure.pdf' })
    const off = await call('PUT', `/api/locations/${withBrochure.id}`, superadmin, { ...withBrochure, sboa: false })
    expect(off.statusCode).toBe(200)
    expect(off.json()).toMatchObject({ sboa: false, sboa_brochure: null })
    const createdOff = await create({ sboa: false, sboa_brochure: 'ignored.pdf' })
    expect(createdOff.sboa_brochure).toBeNull()
  })

  test('the facility image location is trimmed', async () => {
    const created = await create({ photo: '   facility-front.jpg \n' })
    expect(created.photo).toBe('facility-front.jpg')
  })

  test('reservation_window must be a whole number from 1 to 21', async () => {
    for (const reservation_window of [0, 22, 3.5, '7']) {
      const response = await call('POST', '/api/locations', superadmin, newLocation({ reservation_window }))
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ field: 'reservation_window' })
    }
    expect((await create({ reservation_window: 1 })).reservation_window).toBe(1)
    expect((await create({ reservation_window: 21 })).reservation_window).toBe(21)
  })

  test('PUT /api/locations/{id} with reservation_window only changes that field; 0 or 22 is refused naming it', async () => {
    const created = await create({ sboa: true, sboa_brochure: 'brochure.pdf', xwebauthkey: 'KEEP-KEY-4321' })
    const partial = await call('PUT', `/api/locations/${created.id}`, superadmin, { reservation_window: 14 })
    expect(partial.statusCode, partial.body).toBe(200)
    const { updatedAt: _before, ...unchanged } = created
    expect(partial.json()).toMatchObject({ ...unchanged, reservation_window: 14 })
    for (const reservation_window of [0, 22]) {
      const refused = await call('PUT', `/api/locations/${created.id}`, superadmin, { reservation_window })
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toMatchObject({
        field: 'reservation_window',
        message: 'reservation_window: Reservation window must be a whole number from 1 to 21.',
      })
    }
    const renamed = await call('PUT', `/api/locations/${created.id}`, superadmin, { name: 'Renamed only', sboa: false })
    expect(renamed.json()).toMatchObject({
      name: 'Renamed only',
      slug: created.slug,
      reservation_window: 14,
      sboa: false,
      sboa_brochure: null,
      xwebauthkey: '••••4321',
    })
  })

  test('strike_through_rate is a percentage from 0 to 100', async () => {
    for (const strike_through_rate of [-1, 101]) {
      const response = await call('POST', '/api/locations', superadmin, newLocation({ strike_through_rate }))
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ field: 'strike_through_rate' })
    }
    expect((await create({ strike_through_rate: 12.5 })).strike_through_rate).toBe(12.5)
  })

  test('required fields, e-mails, coordinates and the sub location are checked and nothing is saved', async () => {
    const before = (await ctx.db.select({ id: locations.id }).from(locations)).length
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '  ' }, 'name'],
      [{ location_code: 'has space' }, 'location_code'],
      [{ slug: 'Not A Slug' }, 'slug'],
      [{ slug: 'austin-north-100!' }, 'slug'],
      [{ slug: '-austin-north' }, 'slug'],
      [{ location_code: 'TX100;' }, 'location_code'],
      [{ zip: '7870' }, 'zip'],
      [{ lat: 91 }, 'lat'],
      [{ reservation_email: 'not-an-email' }, 'reservation_email'],
      [{ sub_location: 'NOPE1' }, 'sub_location'],
    ]
    for (const [overrides, field] of cases) {
      const response = await call('POST', '/api/locations', superadmin, newLocation(overrides))
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400)
      expect(response.json()).toMatchObject({ field })
    }
    expect((await ctx.db.select({ id: locations.id }).from(locations)).length).toBe(before)
  })

  test('a sub location must be another location that exists', async () => {
    const own = newLocation()
    const self = await call('POST', '/api/locations', superadmin, { ...own, sub_location: own.location_code })
    expect([self.statusCode, self.json()]).toEqual([
      400,
      {
        error: 'invalid_input',
        message: 'A location cannot be its own sub location.',
        field: 'sub_location',
        errors: [{ field: 'sub_location', message: 'A location cannot be its own sub location.' }],
      },
    ])
    const missing = await call('POST', '/api/locations', superadmin, newLocation({ sub_location: 'NOPE1' }))
    expect(missing.json()).toEqual({
      error: 'invalid_input',
      message: 'Sub location NOPE1 is not a location code.',
      field: 'sub_location',
      errors: [{ field: 'sub_location', message: 'Sub location NOPE1 is not a location code.' }],
    })
    const parent = await create()
    expect(await create({ sub_location: parent.location_code })).toMatchObject({ sub_location: parent.location_code })
  })

  test('a taken location_code or slug is refused with 409', async () => {
    const first = await create()
    const sameCode = await call(
      'POST',
      '/api/locations',
      superadmin,
      newLocation({ location_code: first.location_code }),
    )
    expect(sameCode.statusCode).toBe(409)
    expect(sameCode.json()).toEqual({
      error: 'conflict',
      message: `Location code ${first.location_code} is already used by another location.`,
      field: 'location_code',
    })
    const sameSlug = await call('POST', '/api/locations', superadmin, newLocation({ slug: first.slug }))
    expect(sameSlug.statusCode).toBe(409)
    expect(sameSlug.json()).toEqual({
      error: 'conflict',
      message: `Slug ${first.slug} is already used by another location.`,
      field: 'slug',
    })
    // An update may keep its own code and slug, not take another location's.
    const second = await create()
    expect(
      (await call('PUT', `/api/locations/${first.id}`, superadmin, { ...first, name: 'Renamed' })).statusCode,
    ).toBe(200)
    const taken = await call('PUT', `/api/locations/${second.id}`, superadmin, { ...second, slug: first.slug })
    expect([taken.statusCode, taken.json().field]).toEqual([409, 'slug'])
  })
})

describe('payment terminal keys are secrets', () => {
  test('stored encrypted, sent masked, kept when not sent, replaced when a new value is sent', async () => {
    const created = await create({ xwebauthkey: 'WEB-KEY-SECRET-1234', kiosk_xwebauthkey: 'KIOSK-SECRET-9876' })
    expect(created.xwebauthkey).toBe('••••1234')
    expect(created.kiosk_xwebauthkey).toBe('••••9876')
    const [row] = await ctx.db.select().from(locations).where(eq(locations.id, created.id))
    expect(row!.xwebauthkey).not.toContain('WEB-KEY')
    expect(row!.xwebauthkey).toMatch(/^v1:/)
    expect(secretBoxFor(ctx.env).decrypt('xwebauthkey', row!.xwebauthkey!)).toBe('WEB-KEY-SECRET-1234')

    for (const url of ['/api/locations?role=admin', `/api/locations/${created.id}`]) {
      const body = (await call('GET', url, superadmin)).body
      expect(body).not.toContain('WEB-KEY-SECRET')
      expect(body).not.toContain(row!.xwebauthkey!)
    }

    // Sending the mask back, null or nothing keeps the key.
    const kept = await call('PUT', `/api/locations/${created.id}`, superadmin, {
      ...created,
      name: 'Renamed',
      kiosk_xwebauthkey: null,
    })
    expect(kept.json()).toMatchObject({ name: 'Renamed', xwebauthkey: '••••1234', kiosk_xwebauthkey: '••••9876' })
    const replaced = await call('PUT', `/api/locations/${created.id}`, superadmin, {
      ...created,
      xwebauthkey: 'NEW-KEY-5555',
    })
    expect(replaced.json()).toMatchObject({ xwebauthkey: '••••5555', kiosk_xwebauthkey: '••••9876' })

    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'location'))
    expect(JSON.stringify(audit)).not.toMatch(/SECRET|NEW-KEY|v1:/)
    expect(JSON.stringify(audit)).toContain('secrets_replaced')
  })

  test('outside demo mode, without SECRETS_KEY a key cannot be saved (422) and nothing changes', () => {
    const box = secretBoxFor({ demoMode: false, SECRETS_KEY: undefined })
    expect(() => box.encrypt('xwebauthkey', 'x')).toThrow(/SECRETS_KEY is not configured/)
    const other = secretBoxFor({ demoMode: false, SECRETS_KEY: Buffer.alloc(32, 7).toString('base64') })
    const stored = other.encrypt('kiosk_xwebauthkey', 'ABCD-7777')
    expect(other.mask('kiosk_xwebauthkey', stored)).toBe('••••7777')
    expect(secretBoxFor({ demoMode: true, SECRETS_KEY: undefined }).mask('kiosk_xwebauthkey', stored)).toBe('••••')
    expect(other.decrypt('xwebauthkey', stored)).toBeNull()
  })
})

describe('permissions and audit', () => {
  test('edit and delete are for superadmins only (403 otherwise) and change nothing', async () => {
    const created = await create()
    for (const token of [editor, cs]) {
      for (const response of [
        await call('PUT', `/api/locations/${created.id}`, token, { ...created, name: 'Hijacked' }),
        await call('DELETE', `/api/locations/${created.id}`, token),
      ])
        expect([response.statusCode, response.json().message]).toEqual([
          403,
          "Permission required! You're not authorized for this page.",
        ])
    }
    expect((await call('GET', `/api/locations/${created.id}`, superadmin)).json()).toMatchObject({ name: created.name })
  })

  test('create is open to roles allowed /locations, not to others', async () => {
    expect((await call('POST', '/api/locations', editor, newLocation())).statusCode).toBe(201)
    const field = await ctx.signInField()
    expect(
      (await ctx.request({ method: 'POST', url: '/api/locations', token: field, payload: newLocation() })).statusCode,
    ).toBe(403)
  })

  test('delete removes the location and its content; create, update and delete are audited', async () => {
    const created = await create()
    await call('PUT', `/api/locations/${created.id}`, superadmin, { ...created, name: 'Before delete' })
    await ctx.db.insert(locationContents).values({ location_code: created.location_code, title: 'x' })
    const removed = await call('DELETE', `/api/locations/${created.id}`, superadmin)
    expect(removed.statusCode).toBe(200)
    expect(removed.json()).toEqual({ message: 'Location deleted successfully' })
    expect((await call('GET', `/api/locations/${created.id}`, superadmin)).statusCode).toBe(404)
    expect(
      await ctx.db.select().from(locationContents).where(eq(locationContents.location_code, created.location_code)),
    ).toEqual([])
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(created.id)))
    expect(
      entries
        .filter((entry) => entry.entity === 'location')
        .map((entry) => entry.action)
        .sort(),
    ).toEqual(['create', 'delete', 'update'])
    expect((await call('DELETE', `/api/locations/${created.id}`, superadmin)).statusCode).toBe(404)
  })

  test('the audit rows hold the location before and after, and name a replaced key, never the key', async () => {
    const created = await create()
    await call('PUT', `/api/locations/${created.id}`, superadmin, { ...created, name: 'Renamed in audit' })
    await call('PUT', `/api/locations/${created.id}`, superadmin, { ...created, xwebauthkey: 'NEW-KEY-7777' })
    const rows = await ctx.db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'location'), eq(auditLog.entity_id, String(created.id))))
      .orderBy(auditLog.id)
    expect(rows.map((row) => row.action)).toEqual(['create', 'update', 'update'])
    const [made, renamed, rekeyed] = rows as Array<{
      before: Record<string, unknown> | null
      after: Record<string, unknown>
    }>
    expect(made!.before).toBeNull()
    expect(made!.after).toMatchObject({ id: created.id, name: created.name, xwebauthkey: null })
    expect(made!.after).not.toHaveProperty('secrets_replaced')
    expect([renamed!.before!.name, renamed!.after.name]).toEqual([created.name, 'Renamed in audit'])
    expect([renamed!.before, renamed!.after]).toEqual([
      expect.not.objectContaining({ secrets_replaced: expect.anything() }),
      expect.not.objectContaining({ secrets_replaced: expect.anything() }),
    ])
    expect(rekeyed!.before).not.toHaveProperty('secrets_replaced')
    expect(rekeyed!.after).toMatchObject({ xwebauthkey: '••••7777', secrets_replaced: ['xwebauthkey'] })
  })

  test('a location one or more landing pages show is not deleted: 409 naming the pages', async () => {
    const shown = await create({ name: 'Shown Lot' })
    const page = (short_name: string, full_name: string) => ({
      short_name,
      full_name,
      lat: 30.27,
      long: -97.74,
      facilities_ids: [shown.id],
    })
    await ctx.db.insert(landingPages).values(page('lot-west', 'West Storage'))
    try {
      const one = await call('DELETE', `/api/locations/${shown.id}`, superadmin)
      expect([one.statusCode, one.json()]).toEqual([
        409,
        {
          error: 'conflict',
          message: 'Shown Lot is shown on the landing page West Storage. Take it off that page first.',
          field: 'id',
          landing_pages: ['lot-west'],
        },
      ])
      await ctx.db.insert(landingPages).values(page('lot-east', 'East Storage'))
      const two = await call('DELETE', `/api/locations/${shown.id}`, superadmin)
      expect([two.statusCode, two.json()]).toEqual([
        409,
        {
          error: 'conflict',
          message: 'Shown Lot is shown on the landing pages East Storage, West Storage. Take it off those pages first.',
          field: 'id',
          landing_pages: ['lot-east', 'lot-west'],
        },
      ])
      expect((await call('GET', `/api/locations/${shown.id}`, superadmin)).statusCode).toBe(200)
    } finally {
      await ctx.db.delete(landingPages).where(inArray(landingPages.short_name, ['lot-west', 'lot-east']))
    }
  })

  test('fetch reviews is recorded per location_code; unknown codes get 404', async () => {
    const response = await call('POST', '/api/locations/fetch-reviews/TX100', cs)
    expect(response.statusCode).toBe(200)
    const requested_at = response.json<{ requested_at: string }>().requested_at
    expect(response.json()).toEqual({
      location_code: 'TX100',
      status: 'recorded',
      requested_at,
      message: 'Review fetch requested for TX100.',
    })
    const [tx100] = await ctx.db.select().from(locations).where(eq(locations.location_code, 'TX100'))
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'fetch-reviews'))
    expect(entry).toMatchObject({
      actor_name: 'cs@example.com',
      entity: 'location',
      entity_id: String(tx100!.id),
      before: null,
      after: { location_code: 'TX100', requested_at },
    })
    const unknown = await call('POST', '/api/locations/fetch-reviews/ZZ999', cs)
    expect([unknown.statusCode, unknown.json()]).toEqual([
      404,
      { error: 'not_found', message: 'Location code is not valid.', field: 'location_code' },
    ])
  })
})

describe('location bulk edit', () => {
  test('lists every location with reservation_window and blank content columns by default', async () => {
    const created = (await call('POST', '/api/locations', superadmin, newLocation())).json<LocationRecord>()
    const response = await call('GET', '/api/locations_bulk_edit', editor)
    expect(response.statusCode).toBe(200)
    const rows = response.json<Array<Record<string, unknown>>>()
    const all = await ctx.db.select({ code: locations.location_code, name: locations.name }).from(locations)
    expect(rows.map((row) => row.location_code).sort()).toEqual(all.map((location) => location.code).sort())
    const names = rows.map((row) => String(row.name))
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    // The demo seed's content of its first facility (seed/locations.ts).
    expect(rows.find((row) => row.location_code === 'TX100')).toEqual({
      id: expect.any(Number),
      location_code: 'TX100',
      name: 'Austin North #100',
      city: 'Austin',
      state: 'TX',
      reservation_window: 14,
      unit_size_high_to_low: true,
      unit_group_large_to_small: true,
      recommended_unit: true,
      unit_groups_expanded: true,
      fee_for_24hr_access: true,
      title: 'Self Storage in Austin, TX',
      meta_title: 'Austin North #100 | Self Storage in Austin, TX',
      meta_description: 'Clean, secure storage units at 6034 Cedar Rd, Austin, TX. Reserve online for up to 14 days.',
      access_hours: '6:00 AM - 10:00 PM',
      customer_service_hours: 'Mon-Fri 9:30 AM - 6:00 PM, Sat 9:00 AM - 5:00 PM',
    })
    // A location without CMS content shows blank columns and unticked boxes.
    expect(rows.find((row) => row.location_code === created.location_code)).toEqual({
      id: created.id,
      location_code: created.location_code,
      name: created.name,
      city: 'Austin',
      state: 'TX',
      reservation_window: created.reservation_window,
      unit_size_high_to_low: false,
      unit_group_large_to_small: false,
      recommended_unit: false,
      unit_groups_expanded: false,
      fee_for_24hr_access: false,
      title: '',
      meta_title: '',
      meta_description: '',
      access_hours: '',
      customer_service_hours: '',
    })
  })

  const bulkRow = (location_code: string, overrides: Record<string, unknown> = {}) => ({
    location_code,
    reservation_window: 14,
    unit_size_high_to_low: true,
    unit_group_large_to_small: true,
    recommended_unit: false,
    unit_groups_expanded: true,
    fee_for_24hr_access: false,
    title: ' Storage in Austin ',
    meta_title: 'Austin storage',
    meta_description: 'Units in Austin',
    access_hours: '6 AM - 10 PM',
    customer_service_hours: '9 AM - 6 PM',
    ...overrides,
  })

  test("'Update All Pages' saves reservation_window on the location and the rest in the CMS content ('Saved!'), audited", async () => {
    const a = await create()
    const b = await create()
    await ctx.db.insert(locationContents).values({ location_code: a.location_code, title: 'Old title', body1: 'Kept' })
    const response = await call('PUT', '/api/locations_bulk_edit', editor, {
      rows: [bulkRow(a.location_code), bulkRow(b.location_code, { reservation_window: 3, title: 'B' })],
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ message: 'Saved!', updated: 2 })
    const rows = (await call('GET', '/api/locations_bulk_edit', editor)).json<Array<Record<string, unknown>>>()
    expect(rows.find((row) => row.location_code === a.location_code)).toMatchObject({
      reservation_window: 14,
      title: 'Storage in Austin',
      unit_group_large_to_small: true,
    })
    expect(rows.find((row) => row.location_code === b.location_code)).toMatchObject({
      reservation_window: 3,
      title: 'B',
    })
    const [content] = await ctx.db
      .select()
      .from(locationContents)
      .where(eq(locationContents.location_code, b.location_code))
    expect(content).toMatchObject({ meta_title: 'Austin storage', fee_for_24hr_access: false })
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'bulk-update'))
    expect(audits).toHaveLength(1)
    const { before, after } = audits[0] as unknown as {
      before: { locations: unknown[]; contents: Array<Record<string, unknown>> }
      after: { rows: unknown[] }
    }
    expect(audits[0]).toMatchObject({ entity: 'location_content', entity_id: null })
    expect(before.locations).toEqual(
      expect.arrayContaining([
        { location_code: a.location_code, reservation_window: 7 },
        { location_code: b.location_code, reservation_window: 7 },
      ]),
    )
    expect(before.contents).toEqual([expect.objectContaining({ location_code: a.location_code, title: 'Old title' })])
    expect(before.contents[0]).not.toHaveProperty('body1')
    expect(after.rows).toEqual([
      expect.objectContaining({ location_code: a.location_code, title: 'Storage in Austin' }),
      expect.objectContaining({ location_code: b.location_code, reservation_window: 3, title: 'B' }),
    ])
  })

  test('one bad row saves nothing: reservation_window out of range, an unknown code, a repeated code', async () => {
    const a = await create()
    const cases = [
      [bulkRow(a.location_code, { reservation_window: 30, title: 'changed' })],
      [bulkRow(a.location_code, { title: 'changed' }), bulkRow('NOPE42')],
      [bulkRow(a.location_code, { title: 'changed' }), bulkRow(a.location_code)],
    ]
    const refusals = [
      { field: expect.stringContaining('reservation_window') },
      { message: `Location code is not valid. (NOPE42)`, field: 'location_code' },
      { message: `Location ${a.location_code} appears twice.`, field: 'rows' },
    ]
    for (const [index, rows] of cases.entries()) {
      const response = await call('PUT', '/api/locations_bulk_edit', editor, { rows })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ error: 'invalid_input', ...refusals[index] })
    }
    const [row] = await ctx.db.select().from(locations).where(eq(locations.id, a.id))
    expect(row!.reservation_window).toBe(7)
    expect(
      await ctx.db.select().from(locationContents).where(eq(locationContents.location_code, a.location_code)),
    ).toEqual([])
  })

  test('a role without /locations cannot bulk edit', async () => {
    const field = await ctx.signInField()
    expect(
      (await ctx.request({ method: 'PUT', url: '/api/locations_bulk_edit', token: field, payload: { rows: [] } }))
        .statusCode,
    ).toBe(403)
  })
})
