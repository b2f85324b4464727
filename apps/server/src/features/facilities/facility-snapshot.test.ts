import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { desc, eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { SNAPSHOT_FIELDS, snapshotSavedMessage } from '@storageops/contracts/facilities-fields'
import { SaveFacilitySnapshotInput } from '@storageops/contracts/facilities'
import { auditLog, snapshotLocations } from '../../db/schema.ts'
import { multipartForm } from '../../test/multipart-form.ts'
import { useTestContext } from '../../test/context.ts'

const ctx = useTestContext()
let admin: string
let original: typeof snapshotLocations.$inferSelect
const CODE = 'TX100'
const ADMIN = 'admin.localhost'

beforeAll(async () => {
  admin = await ctx.signInAdmin()
  original = (await ctx.db.select().from(snapshotLocations).where(eq(snapshotLocations.location_code, CODE)))[0]!
})
beforeEach(async () => {
  const { location_code: _code, ...fields } = original
  await ctx.db.update(snapshotLocations).set(fields).where(eq(snapshotLocations.location_code, CODE))
})

const save = (payload: Record<string, unknown>, token = admin) =>
  ctx.request({
    method: 'POST',
    url: '/api/snapshot_locations',
    host: ADMIN,
    token,
    payload: { location_code: CODE, ...payload },
  })

const saveMultipart = async (fields: Record<string, string>, file?: { data: Buffer; name: string; type: string }) =>
  ctx.request({
    method: 'POST',
    url: '/api/snapshot_locations',
    host: ADMIN,
    token: admin,
    ...(await multipartForm({ location_code: CODE, ...fields }, file ? [{ ...file, field: 'upload_file' }] : [])),
  })

const stored = async () =>
  (await ctx.db.select().from(snapshotLocations).where(eq(snapshotLocations.location_code, CODE)))[0]!
const png = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a77c7' } })
    .png()
    .toBuffer()

describe('facility snapshot save', () => {
  test('the editor lists every field of the facility detail, and the save schema takes each of them', () => {
    const schemaKeys = Object.keys(SaveFacilitySnapshotInput.shape)
      .filter((key) => key !== 'location_code' && key !== 'slug')
      .sort()
    expect(SNAPSHOT_FIELDS.map((field) => field.key).sort()).toEqual(schemaKeys)
  })

  test('a save answers the confirmation text and the field tool then shows the saved values', async () => {
    const response = await save({
      slug: 'austin-tx-100',
      facility_alerts: 'Gate keypad replaced; use the new code.',
      kiosk: false,
      timezone: 'EST',
      unit_count: 321,
      lien_fee: '$60',
      nickname: '',
    })
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json()
    expect(body.message).toBe(snapshotSavedMessage(body.facility.name))
    const field = await ctx.request({
      method: 'GET',
      url: `/api/snapshot_locations?location_code=${CODE}`,
      token: await ctx.signInField(),
    })
    expect(field.json()).toMatchObject({
      facility_alerts: 'Gate keypad replaced; use the new code.',
      kiosk: false,
      timezone: 'EST',
      unit_count: 321,
      lien_fee: '$60',
      nickname: null,
    })
    expect(field.json().access_hours).toBe(original.access_hours)
  })

  test('a multipart save reads yes/no and numbers from form text', async () => {
    const response = await saveMultipart({
      gate: 'false',
      cameras: 'true',
      floor_count: '3',
      date_of_acquisition: '2019-04-02',
      unique_details: 'Second gate on Elm St.',
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(await stored()).toMatchObject({
      gate: false,
      cameras: true,
      floor_count: 3,
      date_of_acquisition: '2019-04-02',
      unique_details: 'Second gate on Elm St.',
    })
  })

  test('gate codes are taken as a keypad takes them and kept as typed (decision 023)', async () => {
    const response = await save({ auction_winner: '*13579#', emergency_code: ' 2468 ', temp_code: '123456#' })
    expect(response.statusCode, response.body).toBe(200)
    expect(await stored()).toMatchObject({ auction_winner: '*13579#', emergency_code: '2468', temp_code: '123456#' })
  })

  test('the save is audited with before and after', async () => {
    await save({ lien_fee: '$75' })
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'snapshot_location'))
      .orderBy(desc(auditLog.id))
      .limit(1)
    expect(entry).toMatchObject({ action: 'update', entity_id: CODE, actor_name: 'admin@example.com' })
    expect((entry!.after as { lien_fee: string }).lien_fee).toBe('$75')
  })

  test.each([
    ['timezone', { timezone: 'XYZ' }],
    ['state', { state: 'Texas' }],
    ['zip', { zip: '7870' }],
    ['phone', { phone: 'call us' }],
    ['tow_company_phone', { tow_company_phone: 'n/a' }],
    ['unit_count', { unit_count: -1 }],
    ['unit_count', { unit_count: 'many' }],
    ['unit_count', { unit_count: '' }],
    ['floor_count', { floor_count: 0 }],
    ['date_of_acquisition', { date_of_acquisition: '2024-02-30' }],
    ['auction_winner', { auction_winner: '123' }],
    ['emergency_code', { emergency_code: '99' }],
    ['temp_code', { temp_code: '12345678901' }],
    ['emergency_code', { emergency_code: '48 29' }],
    ['auction_winner', { auction_winner: '*482913#x' }],
    ['temp_code', { temp_code: 'x482913' }],
    ['facility_address', { facility_address: '   ' }],
    ['access_hours', { access_hours: '' }],
    ['landmark', { landmark: 'x'.repeat(256) }],
    ['facility_alerts', { facility_alerts: 'x'.repeat(4001) }],
    ['kiosk', { kiosk: 'maybe' }],
  ])('%s is checked by the server: 400 naming the field, nothing saved', async (field, payload) => {
    const response = await save({ lien_fee: '$99', ...payload })
    expect(response.statusCode).toBe(400)
    expect(response.json().field).toBe(field)
    expect((await stored()).lien_fee).toBe(original.lien_fee)
  })

  test('an unknown field is refused rather than ignored', async () => {
    const response = await save({ hidden_from_dashboard: true })
    expect(response.statusCode).toBe(400)
  })

  test('hide_in_snapshot is set by the save (also as multipart text) and leaves the facility off the Dashboard', async () => {
    const field = await ctx.signInField()
    const dashboardCodes = async () =>
      (await ctx.request({ method: 'GET', url: '/api/facilities/overview', token: field }))
        .json<Array<{ site_code: string }>>()
        .map((row) => row.site_code)
    expect(await dashboardCodes()).toContain(CODE)
    expect((await save({ hide_in_snapshot: true })).json().facility.hide_in_snapshot).toBe(true)
    expect((await stored()).hide_in_snapshot).toBe(true)
    expect(await dashboardCodes()).not.toContain(CODE)
    expect((await saveMultipart({ hide_in_snapshot: 'false' })).statusCode).toBe(200)
    expect(await dashboardCodes()).toContain(CODE)
    expect((await save({ hide_in_snapshot: 'sometimes' })).json().field).toBe('hide_in_snapshot')
  })

  test("a slug that is not the location's is refused with the field named", async () => {
    const response = await save({ slug: 'somewhere-else', lien_fee: '$99' })
    expect(response.statusCode).toBe(400)
    expect(response.json().field).toBe('slug')
    expect((await stored()).lien_fee).toBe(original.lien_fee)
  })

  test('an unknown location code is a 404', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/snapshot_locations',
      host: ADMIN,
      token: admin,
      payload: { location_code: 'ZZ999' },
    })
    expect(response.statusCode).toBe(404)
  })

  test('only admin users whose role allows /snapshot may save; field-tool users may not', async () => {
    expect((await save({ lien_fee: '$1' }, await ctx.signInAdmin('cs@example.com'))).statusCode).toBe(200)
    expect((await save({ lien_fee: '$2' }, await ctx.signInAdmin('editor@example.com'))).statusCode).toBe(403)
    const field = await ctx.request({
      method: 'POST',
      url: '/api/snapshot_locations',
      token: await ctx.signInField(),
      payload: { location_code: CODE, lien_fee: '$3' },
    })
    expect(field.statusCode).toBe(403)
    expect(
      (
        await ctx.request({
          method: 'POST',
          url: '/api/snapshot_locations',
          host: ADMIN,
          payload: { location_code: CODE },
        })
      ).statusCode,
    ).toBe(401)
    expect((await stored()).lien_fee).toBe('$1')
  })
})

describe('property map upload', () => {
  test('a PNG upload replaces the property map, is served under /img and the old file is removed', async () => {
    const first = await saveMultipart({}, { data: await png(), name: 'map.png', type: 'image/png' })
    expect(first.statusCode, first.body).toBe(200)
    const firstName = first.json().facility.property_map as string
    expect(firstName).toMatch(/^property-map-tx100-[0-9a-f-]+\.png$/)
    const image = await ctx.request({ method: 'GET', url: `/img/${firstName}` })
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toContain('image/png')

    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#cc9966' } })
      .jpeg()
      .toBuffer()
    const second = await saveMultipart({}, { data: jpeg, name: 'map.jpg', type: 'image/jpeg' })
    const secondName = second.json().facility.property_map as string
    expect(secondName).toMatch(/\.jpg$/)
    expect(fs.existsSync(path.join(ctx.filesDir, firstName))).toBe(false)
    expect(fs.existsSync(path.join(ctx.filesDir, secondName))).toBe(true)
  })

  test('an SVG or a file that is not an image is refused with 415 and nothing changes', async () => {
    const before = fs.readdirSync(ctx.filesDir).length
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    for (const file of [
      { data: svg, name: 'map.svg', type: 'image/svg+xml' },
      { data: Buffer.from('not an image'), name: 'map.png', type: 'image/png' },
    ]) {
      const response = await saveMultipart({ lien_fee: '$99' }, file)
      expect(response.statusCode).toBe(415)
      expect(response.json()).toMatchObject({
        field: 'upload_file',
        message: `${file.name} is not a PNG, JPEG or WebP image.`,
      })
    }
    expect(await stored()).toMatchObject({ lien_fee: original.lien_fee, property_map: original.property_map })
    expect(fs.readdirSync(ctx.filesDir).length).toBe(before)
  })

  test('a refused field leaves no uploaded file behind', async () => {
    const before = fs.readdirSync(ctx.filesDir).length
    const response = await saveMultipart({ timezone: 'XYZ' }, { data: await png(), name: 'map.png', type: 'image/png' })
    expect(response.statusCode).toBe(400)
    expect(fs.readdirSync(ctx.filesDir).length).toBe(before)
  })

  test('an image over 10 MB is 413', async () => {
    const response = await saveMultipart(
      {},
      {
        data: Buffer.concat([await png(), Buffer.alloc(10 * 1024 * 1024 + 1)]),
        name: 'huge.png',
        type: 'image/png',
      },
    )
    expect(response.statusCode).toBe(413)
    expect(response.json().field).toBe('upload_file')
  })
})
