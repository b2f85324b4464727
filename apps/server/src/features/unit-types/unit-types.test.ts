import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import type { GetLocationUnitTypesResult, LocationUnitTypes } from '@storageops/contracts/unit-types'
import { auditLog, locationUnitTypes } from '../../db/schema.ts'
import { SsmError, type SsmClient, type SsmResult } from '../../integrations/ssm/client.ts'
import { useTestContext } from '../../test/context.ts'
import { fetchSsmUnitTypes } from './unit-types.service.ts'

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
    expect(response.json().message).toBe('Storage management system: Site is offline')
  })

  test('an unknown location code is 404 naming location_code', async () => {
    for (const response of [
      await post('/api/ssm/GetLocationUnitTypes', { location_code: 'ZZ999' }),
      await get('/api/location_unittypes?location_code=ZZ999'),
    ]) {
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ message: 'Location code is not valid.', field: 'location_code' })
    }
  })

  test('a unit type the system sends without code or category reads as blank; no table is no unit types', async () => {
    const answering = (tables: SsmResult['tables']): SsmClient => ({
      call: () => Promise.resolve({ retCode: 1, retMessage: '', tables }),
      validateLogin: () => Promise.reject(new Error('not used')),
      getAllUnits: () => Promise.reject(new Error('not used')),
      updateGateCodes: () => Promise.reject(new Error('not used')),
    })
    expect(await fetchSsmUnitTypes(ctx.db, answering({ LocationUnitTypes: [{ UnitTypeId: '7' }] }), 'TX100')).toEqual([
      { UnitTypeId: 7, UnitTypeCode: '', CategoryName: '' },
    ])
    expect(await fetchSsmUnitTypes(ctx.db, answering({}), 'TX100')).toEqual([])
  })

  test("only the system's own errors become a 502; any other failure is passed on as it is", async () => {
    const failing = (error: Error): SsmClient => ({
      call: () => Promise.reject(error),
      validateLogin: () => Promise.reject(error),
      getAllUnits: () => Promise.reject(error),
      updateGateCodes: () => Promise.reject(error),
    })
    await expect(fetchSsmUnitTypes(ctx.db, failing(new SsmError('Down', -1)), 'TX100')).rejects.toMatchObject({
      statusCode: 502,
      message: 'Storage management system: Down',
    })
    const bug = new TypeError('not a function')
    await expect(fetchSsmUnitTypes(ctx.db, failing(bug), 'TX100')).rejects.toBe(bug)
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
    const cases: Array<[object, string, string?]> = [
      [{ note: 'x'.repeat(201) }, 'note'],
      [{ unit_filter_ids: [999999] }, 'unit_filter_ids', 'Unknown unit filter.'],
      [
        { unit_filter_ids: [filters[0]!.id], unit_filter_keys: [filters[1]!.filter_key] },
        'unit_filter_keys',
        'unit_filter_keys do not match unit_filter_ids.',
      ],
      [{ unit_type_id: 987654 }, 'unit_type_id', 'Unit type 987654 is not a unit type of TX100.'],
    ]
    for (const [overrides, field, message] of cases) {
      const response = await post('/api/location_unittypes', {
        location_code: 'TX100',
        unit_type_id: unitTypeId,
        note: 'changed',
        unit_filter_ids: [],
        ...overrides,
      })
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400)
      expect(response.json()).toMatchObject({ field, ...(message ? { message } : {}) })
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

  test('keys match their filters in any order; the audit names location/unit type with before and after', async () => {
    const byKey = (key: string) => filters.find((filter) => filter.filter_key === key)!
    const [elevator, firstFloor] = [byKey('elevator'), byKey('first-floor')]
    const typeId = (
      await post('/api/ssm/GetLocationUnitTypes', { location_code: 'TX100' })
    ).json<GetLocationUnitTypesResult>().LocationUnitTypes.UnitType[1]!.UnitTypeId
    const body = { location_code: 'TX100', unit_type_id: typeId, note: 'First' }
    const first = await post('/api/location_unittypes', {
      ...body,
      unit_filter_ids: [elevator.id, firstFloor.id],
      unit_filter_keys: ['first-floor', 'elevator'],
    })
    expect(first.statusCode, first.body).toBe(200)
    expect(
      (
        await post('/api/location_unittypes', {
          ...body,
          note: 'Second',
          unit_filter_ids: [firstFloor.id],
          unit_filter_keys: ['first-floor'],
        })
      ).statusCode,
    ).toBe(200)
    const superadmin = await ctx.signInAdmin('admin@example.com')
    const audit = await get(`/api/audit?entity=location_unit_type&entity_id=TX100/${typeId}`, superadmin)
    const rows = audit.json<{ rows: Array<{ action: string; before: unknown; after: unknown }> }>().rows
    expect(rows.map((row) => row.action)).toEqual(['update', 'update'])
    expect(rows[1]!.before).toBeNull()
    expect(rows[1]!.after).toMatchObject({ note: 'First', unit_filter_keys: ['elevator', 'first-floor'] })
    expect(rows[0]!.before).toMatchObject({ note: 'First' })
    expect(rows[0]!.after).toMatchObject({ note: 'Second', unit_filter_ids: [firstFloor.id] })
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
