import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import type { GetLocationUnitTypesResult, LocationUnitTypes } from '@storageops/contracts/unit-types'
import { auditLog, locationUnitTypes } from '../../db/schema.ts'
import { useTestContext } from '../../test/context.ts'

const ctx = useTestContext()
let cs: string
let unitTypeId: number
let filters: LocationUnitTypes['available_filters']
beforeAll(async () => {
  cs = await ctx.signInAdmin('cs@example.com')
  const types = (
    await post('/api/ssm/GetLocationUnitTypes', { location_code: 'TX100' })
  ).json<GetLocationUnitTypesResult>()
  unitTypeId = types.LocationUnitTypes.UnitType[0]!.UnitTypeId
  filters = (await get('/api/location_unittypes?location_code=TX100')).json<LocationUnitTypes>().available_filters
}, 120_000)

function get(url: string, token = cs) {
  return ctx.request({ method: 'GET', url, host: 'admin.localhost', token })
}
function post(url: string, payload: object, token = cs) {
  return ctx.request({ method: 'POST', url, host: 'admin.localhost', token, payload })
}

describe('unit types', () => {
  test('the storage-management system lists the unit types of a location with id, code and category', async () => {
    const response = await post('/api/ssm/GetLocationUnitTypes', { location_code: 'TX100' })
    expect(response.statusCode).toBe(200)
    const types = response.json<GetLocationUnitTypesResult>().LocationUnitTypes.UnitType
    expect(types.length).toBeGreaterThan(1)
    expect(types[0]).toEqual({
      UnitTypeId: expect.any(Number),
      UnitTypeCode: expect.stringMatching(/^\d+X\d+$/),
      CategoryName: expect.any(String),
    })
    expect((await post('/api/ssm/GetLocationUnitTypes', { location_code: 'ZZ999' })).statusCode).toBe(404)
  })

  test('a failure of the storage-management system is a 502 with its message', async () => {
    ctx.ssm.failNext('GetLocationUnitTypes', -5, 'Site is offline')
    const response = await post('/api/ssm/GetLocationUnitTypes', { location_code: 'TX100' })
    expect(response.statusCode).toBe(502)
    expect(response.json().message).toContain('Site is offline')
  })

  test('the screen data has the header location, available_filters and saved unit types', async () => {
    const response = await get('/api/location_unittypes?location_code=TX100')
    expect(response.statusCode).toBe(200)
    const body = response.json<LocationUnitTypes>()
    expect(body.location).toMatchObject({
      location_code: 'TX100',
      name: expect.any(String),
      address: expect.any(String),
    })
    expect(body.available_filters.map((filter) => filter.filter_key)).toEqual(
      expect.arrayContaining(['climate-controlled', 'drive-up']),
    )
    expect((await get('/api/location_unittypes?location_code=ZZ999')).json()).toMatchObject({
      message: 'Location code is not valid.',
    })
  })

  test('a note and filters are saved per unit type, then read back with the filters; audited', async () => {
    const [first, second] = filters
    const saved = await post('/api/location_unittypes', {
      location_code: 'TX100',
      unit_type_id: unitTypeId,
      note: ' Best seller ',
      unit_filter_ids: [second!.id, first!.id],
      unit_filter_keys: [first!.filter_key, second!.filter_key],
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ unit_type_id: unitTypeId, note: 'Best seller' })
    const read = (await get('/api/location_unittypes?location_code=TX100')).json<LocationUnitTypes>()
    const row = read.unit_types.find((type) => type.unit_type_id === unitTypeId)!
    expect(row.unit_filters.map((filter) => filter.id).sort()).toEqual([first!.id, second!.id].sort())
    const [stored] = await ctx.db.select().from(locationUnitTypes).where(eq(locationUnitTypes.unit_type_id, unitTypeId))
    expect(stored!.unit_filter_keys.sort()).toEqual([first!.filter_key, second!.filter_key].sort())
    const again = await post('/api/location_unittypes', {
      location_code: 'TX100',
      unit_type_id: unitTypeId,
      note: '',
      unit_filter_ids: [],
    })
    expect(again.json()).toMatchObject({ note: '', unit_filters: [] })
    expect((await ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'location_unit_type'))).length).toBe(2)
  })

  test('a note over 200 characters, an unknown filter, mismatched keys or a unit type the system does not list change nothing', async () => {
    await post('/api/location_unittypes', {
      location_code: 'TX100',
      unit_type_id: unitTypeId,
      note: 'kept',
      unit_filter_ids: [],
    })
    const at200 = await post('/api/location_unittypes', {
      location_code: 'TX100',
      unit_type_id: unitTypeId,
      note: 'x'.repeat(200),
      unit_filter_ids: [],
    })
    expect(at200.statusCode).toBe(200)
    await post('/api/location_unittypes', {
      location_code: 'TX100',
      unit_type_id: unitTypeId,
      note: 'kept',
      unit_filter_ids: [],
    })
    const cases: Array<[object, string]> = [
      [{ note: 'x'.repeat(201) }, 'note'],
      [{ unit_filter_ids: [999999] }, 'unit_filter_ids'],
      [{ unit_filter_ids: [filters[0]!.id], unit_filter_keys: [filters[1]!.filter_key] }, 'unit_filter_keys'],
      [{ unit_type_id: 987654 }, 'unit_type_id'],
    ]
    for (const [overrides, field] of cases) {
      const response = await post('/api/location_unittypes', {
        location_code: 'TX100',
        unit_type_id: unitTypeId,
        note: 'changed',
        unit_filter_ids: [],
        ...overrides,
      })
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400)
      expect(response.json()).toMatchObject({ field })
    }
    const note = await post('/api/location_unittypes', {
      location_code: 'TX100',
      unit_type_id: unitTypeId,
      note: 'x'.repeat(201),
      unit_filter_ids: [],
    })
    expect(note.json().message).toContain('Note must be at most 200 characters.')
    const read = (await get('/api/location_unittypes?location_code=TX100')).json<LocationUnitTypes>()
    expect(read.unit_types.find((type) => type.unit_type_id === unitTypeId)!.note).toBe('kept')
  })

  test('field-tool users and roles without /locations cannot use unit types', async () => {
    const field = await ctx.signInField()
    expect(
      (await ctx.request({ method: 'GET', url: '/api/location_unittypes?location_code=TX100', token: field }))
        .statusCode,
    ).toBe(403)
    expect(
      (
        await ctx.request({
          method: 'POST',
          url: '/api/location_unittypes',
          token: field,
          payload: { location_code: 'TX100', unit_type_id: unitTypeId },
        })
      ).statusCode,
    ).toBe(403)
  })
})
