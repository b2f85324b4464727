import { asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { locations, snapshotLocations, tasks } from '../../db/schema.ts'
import { useTestContext } from '../../test/context.ts'
import { queriesDuring } from '../../test/query-count.ts'

const ctx = useTestContext()
let token: string
beforeAll(async () => {
  token = await ctx.signInField()
})

describe('facility list and detail', () => {
  test('GET /api/locations lists every seeded facility with the search fields', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/locations', token })
    expect(response.statusCode).toBe(200)
    const list = response.json()
    expect(list).toHaveLength(15)
    expect(Object.keys(list[0]).sort()).toEqual([
      'address',
      'city',
      'id',
      'lat',
      'location_code',
      'long',
      'name',
      'reservation_window',
      'slug',
      'state',
      'zip',
    ])
    expect(list.find((location: { location_code: string }) => location.location_code === 'TX100')).toMatchObject({
      city: 'Austin',
      state: 'TX',
      slug: 'austin-tx-100',
    })
  })

  test('GET /api/locations?location_code= returns that one location, 404 when unknown', async () => {
    const one = await ctx.request({ method: 'GET', url: '/api/locations?location_code=TX100', token })
    expect(one.json()).toHaveLength(1)
    const unknown = await ctx.request({ method: 'GET', url: '/api/locations?location_code=ZZ999', token })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe('Location code is not valid.')
  })

  test('a code in any case finds its location, and no second code may differ by case alone (issue 34)', async () => {
    const found = await ctx.request({ method: 'GET', url: '/api/locations?location_code=tx100', token })
    expect(found.statusCode).toBe(200)
    expect(found.json()).toMatchObject([{ location_code: 'TX100', slug: 'austin-tx-100' }])
    const admin = await ctx.signInAdmin()
    const twin = await ctx.adminCall('POST', '/api/locations', admin, {
      name: 'Case Twin',
      location_code: 'tx100',
      slug: 'case-twin-tx100',
      address: '1 Twin Way',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      lat: 30.27,
      long: -97.74,
    })
    expect(twin.statusCode).toBe(409)
    expect(twin.json()).toMatchObject({
      field: 'location_code',
      message: 'Location code tx100 is already used by another location.',
    })
  })

  test('GET /api/snapshot_locations returns every facility-detail field', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/snapshot_locations?location_code=TX100', token })
    expect(response.statusCode).toBe(200)
    const details = response.json()
    for (const field of [
      'facility_alerts',
      'facility_address',
      'nickname',
      'pronunciation',
      'unit_count',
      'timezone',
      'landmark',
      'date_of_acquisition',
      'previous_owner',
      'kiosk',
      'gate',
      'fence',
      'cameras',
      'truck_access',
      'floor_count',
      'elevator_type',
      'interior_unit_access_code',
      'access_hours',
      'auction_winner',
      'emergency_code',
      'temp_code',
      'unit_height',
      'climate_controlled_units',
      'climate_controlled_type',
      'climate_controlled_range',
      'rv_ranking',
      'indoor_parking',
      'outdoor_parking',
      'outside_units',
      'parking_surface',
      'rv_and_boat_only',
      'unique_details',
      'insurance',
      'protection',
      'insurance_levels',
      'unit_tax',
      'parking_tax',
      'unit_tax_rate',
      'parking_tax_rate',
      'late_fee_scheme',
      'lien_fee',
      'local_tow_company',
      'tow_company_phone',
      'property_map',
    ]) {
      expect(details).toHaveProperty(field)
    }
    expect(details.timezone).toBe('CST')
    expect(typeof details.kiosk).toBe('boolean')
    expect(details.unit_count).toBeGreaterThan(200)
    expect(details.website_url).toMatch(/\/austin-tx-100$/)
  })

  test('an unknown location code is a 404', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/snapshot_locations?location_code=NOPE1', token })
    expect(response.statusCode).toBe(404)
    expect(response.json().error).toBe('not_found')
  })

  test('a missing location_code is a 400 naming the field', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/snapshot_locations', token })
    expect(response.statusCode).toBe(400)
    expect(response.json().field).toBe('location_code')
  })

  test('the property map image is served under /img', async () => {
    const details = (
      await ctx.request({ method: 'GET', url: '/api/snapshot_locations?location_code=TX100', token })
    ).json()
    const image = await ctx.request({ method: 'GET', url: `/img/${details.property_map}` })
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toContain('image/svg+xml')
  })
})

describe('the facility list a phone keeps (issue 30)', () => {
  const list = (headers: Record<string, string> = {}) =>
    ctx.request({ method: 'GET', url: '/api/locations', token, headers: { 'accept-encoding': 'identity', ...headers } })
  /** The spec's fields of every location by name, read straight from the table. */
  const fromTable = () =>
    ctx.db
      .select({
        id: locations.id,
        name: locations.name,
        location_code: locations.location_code,
        slug: locations.slug,
        address: locations.address,
        city: locations.city,
        state: locations.state,
        zip: locations.zip,
        lat: locations.lat,
        long: locations.long,
        reservation_window: locations.reservation_window,
      })
      .from(locations)
      .orderBy(asc(locations.name))

  test('is the locations table by name, compressed once, with an ETag; a repeat with it is 304 with no body', async () => {
    const first = await list({ 'accept-encoding': 'br' })
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-encoding']).toBe('br')
    expect(first.headers['cache-control']).toBe('private, no-cache')
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^".{22}"$/)
    const plain = await list()
    expect(plain.headers.etag).toBe(etag)
    expect(plain.json()).toEqual(await fromTable())
    const repeat = await list({ 'if-none-match': etag })
    expect(repeat.statusCode).toBe(304)
    expect(repeat.body).toBe('')
    // From memory: a repeat asks the database nothing.
    await ctx.app.readVersions.caughtUp()
    const headers = { host: 'snapshot.localhost', authorization: `Bearer ${token}`, 'if-none-match': etag }
    expect(await queriesDuring(ctx.db, () => ctx.app.inject({ method: 'GET', url: '/api/locations', headers }))).toBe(0)
    expect((await list({ 'if-none-match': '"someone-else"' })).statusCode).toBe(200)
  })

  test('a location renamed, added or removed in SQL shows on the next read with a new ETag; a task write keeps it', async () => {
    const before = (await list()).headers.etag
    const [open] = await ctx.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.status, 'open')).limit(1)
    await ctx.db.update(tasks).set({ description: 'A task write' }).where(eq(tasks.id, open!.id))
    expect((await list({ 'if-none-match': before as string })).statusCode).toBe(304)

    await ctx.db.update(locations).set({ name: 'Zz Renamed For The List' }).where(eq(locations.location_code, 'TX100'))
    const renamed = await list({ 'if-none-match': before as string })
    expect(renamed.statusCode).toBe(200)
    expect(renamed.headers.etag).not.toBe(before)
    expect(renamed.json<Array<{ name: string }>>().at(-1)!.name).toBe('Zz Renamed For The List')
    expect(renamed.json()).toEqual(await fromTable())

    const [copy] = await ctx.db.select().from(locations).where(eq(locations.location_code, 'TX100'))
    const { id: _id, ...fields } = copy!
    await ctx.db
      .insert(locations)
      .values({ ...fields, name: 'Aa Added For The List', location_code: 'ZZ900', slug: 'zz-900' })
    expect((await list()).json()).toEqual(await fromTable())
    expect((await list()).json<Array<{ location_code: string }>>()[0]!.location_code).toBe('ZZ900')
    await ctx.db.delete(locations).where(eq(locations.location_code, 'ZZ900'))
    const removed = (await list()).json<Array<{ location_code: string }>>()
    expect(removed.map((row) => row.location_code)).not.toContain('ZZ900')
    expect(removed).toEqual(await fromTable())
  })
})

describe('combo code and gate codes', () => {
  test('a known serial number gives its combo code, case-insensitively', async () => {
    const response = await ctx.request({
      method: 'GET',
      url: '/api/snapshot_locations/combo_code?serial_number=cl-100-001',
      token,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ serial_number: 'CL-100-001', combo_code: expect.stringMatching(/^\d{4}$/) })
  })

  test('an unknown serial number answers 404 with a message field', async () => {
    const response = await ctx.request({
      method: 'GET',
      url: '/api/snapshot_locations/combo_code?serial_number=XX-1',
      token,
    })
    expect(response.statusCode).toBe(404)
    expect(response.json().message).toBe('No combo code found for serial number XX-1.')
  })

  test('the three gate codes are listed with name and currentCode', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/gate_code_rotation/gate_codes', token })
    expect(response.statusCode).toBe(200)
    // The demo seed's codes (seed/generate.ts generateGateCodes, drawn from a fixed seed).
    expect(response.json()).toEqual([
      { name: 'Auction Winner', currentCode: '*123129#', updatedAt: expect.any(String) },
      { name: 'Emergency Code', currentCode: '165945', updatedAt: expect.any(String) },
      { name: 'Temp Code', currentCode: '112328', updatedAt: expect.any(String) },
    ])
    for (const entry of response.json()) expect(new Date(entry.updatedAt).toISOString()).toBe(entry.updatedAt)
  })

  test('units with map data include the Gate and Rental Center system units', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/location_units?location_code=TX100', token })
    const units = response.json()
    expect(units.length).toBeGreaterThan(200)
    expect(
      units
        .filter((unit: { system: boolean }) => unit.system)
        .map((unit: { category_name: string }) => unit.category_name)
        .sort(),
    ).toEqual(['Gate', 'Rental Center'])
  })

  test('each map unit has the fields of snapshot-field-tool §3: position, size, rotation, category, system flag', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/location_units?location_code=TX100', token })
    const units = response.json<Array<Record<string, unknown>>>()
    const fields = ['unit_id', 'unit_no', 'floor_no', 'top_coordinate', 'left_coordinate', 'width', 'length']
    const more = ['rotate', 'category_name', 'description', 'system', 'system_rotation']
    for (const unit of units) expect(Object.keys(unit)).toEqual(expect.arrayContaining([...fields, ...more]))
    const storage = units.find((unit) => !unit.system)!
    expect(storage).toMatchObject({
      unit_no: expect.any(String),
      floor_no: expect.any(Number),
      top_coordinate: expect.any(Number),
      left_coordinate: expect.any(Number),
      width: expect.any(Number),
      length: expect.any(Number),
      rotate: expect.any(Number),
      category_name: expect.any(String),
      system: false,
    })
    const gate = units.find((unit) => unit.category_name === 'Gate')!
    expect(gate).toMatchObject({ system: true, floor_no: 1, system_rotation: expect.any(Number) })
  })

  test('unknown API paths answer 404 JSON', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/nothing-here', token })
    expect(response.statusCode).toBe(404)
    expect(response.json().error).toBe('not_found')
  })
})

describe('a facility created in the admin console (issue 34 item 6)', () => {
  const newLocation = (code: string) => ({
    name: `Nevada Test ${code}`,
    location_code: code,
    slug: `nevada-test-${code.toLowerCase()}`,
    address: '900 Desert Way',
    city: 'Reno',
    state: 'NV',
    zip: '89501',
    lat: 39.53,
    long: -119.81,
    phone: '(775) 555-0100',
  })
  const details = (code: string) =>
    ctx.request({ method: 'GET', url: `/api/snapshot_locations?location_code=${code}`, token })

  test('gets empty facility details at creation: the field tool reads them, marked not filled in yet', async () => {
    const admin = await ctx.signInAdmin()
    const created = await ctx.adminCall('POST', '/api/locations', admin, newLocation('NV900'))
    expect(created.statusCode, created.body).toBe(201)
    const response = await details('NV900')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      location_code: 'NV900',
      slug: 'nevada-test-nv900',
      details_filled_in: false,
      facility_address: '900 Desert Way',
      city: 'Reno',
      state: 'NV',
      zip: '89501',
      phone: '(775) 555-0100',
      timezone: 'PST',
      facility_alerts: null,
      auction_winner: null,
    })
    expect((await details('TX100')).json().details_filled_in).toBe(true)
  })

  test('the snapshot save fills them in, also for a location that has none yet', async () => {
    const admin = await ctx.signInAdmin()
    expect((await ctx.adminCall('POST', '/api/locations', admin, newLocation('NV901'))).statusCode).toBe(201)
    // A location made before details came with it: no row at all.
    await ctx.db.delete(snapshotLocations).where(eq(snapshotLocations.location_code, 'NV901'))
    expect((await details('NV901')).json()).toMatchObject({ details_filled_in: false, city: 'Reno' })
    const saved = await ctx.adminCall('POST', '/api/snapshot_locations', admin, {
      location_code: 'NV901',
      access_hours: '6:00 AM - 10:00 PM',
      auction_winner: '*13579#',
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect((await details('NV901')).json()).toMatchObject({
      details_filled_in: true,
      access_hours: '6:00 AM - 10:00 PM',
      auction_winner: '*13579#',
      facility_address: '900 Desert Way',
    })
    expect((await details('ZZ999')).statusCode).toBe(404)
  })
})
