import fs from 'node:fs'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import { auditLog, locationUnits } from '../../db/schema.ts'
import { multipartForm } from '../../test/multipart-form.ts'
import { useTestContext } from '../../test/context.ts'

const MAX_BYTES = 200_000
const HEADER = 'unit_id,unit_no,floor_no,top_coordinate,left_coordinate,width,length,rotate,category_name,description'
const ctx = useTestContext({ env: { UNIT_MAP_CSV_MAX_BYTES: String(MAX_BYTES) } })
let admin: string

beforeAll(async () => {
  admin = await ctx.signInAdmin()
})

async function upload(
  body: Buffer | string,
  filename = 'map.csv',
  options: { locationCode?: string; token?: string; type?: string; extraFile?: boolean; dryRun?: boolean } = {},
) {
  const files = [{ field: 'file', name: filename, data: body, type: options.type ?? 'text/csv' }]
  if (options.extraFile) files.push({ field: 'file', name: 'second.csv', data: 'a,b\n1,2\n', type: 'text/csv' })
  return ctx.request({
    method: 'POST',
    url: `/api/location_units/upload?location_code=${options.locationCode ?? 'TX100'}${options.dryRun ? '&dry_run=true' : ''}`,
    token: options.token ?? admin,
    host: 'admin.localhost',
    ...(await multipartForm({}, files)),
  })
}

const unitsOf = (code: string) => ctx.db.select().from(locationUnits).where(eq(locationUnits.location_code, code))
const row = (
  unitNo: string,
  values: Partial<
    Record<'unit_id' | 'floor' | 'top' | 'left' | 'width' | 'length' | 'rotate' | 'category', string>
  > = {},
) =>
  [
    values.unit_id ?? '',
    unitNo,
    values.floor ?? '1',
    values.top ?? '100',
    values.left ?? '60',
    values.width ?? '20',
    values.length ?? '40',
    values.rotate ?? '0',
    values.category ?? 'Drive Up',
    'test unit',
  ].join(',')

describe('POST /api/location_units/upload (admin-console-part-1 §5, §7)', () => {
  test("a good file replaces the facility's units and keeps its Gate and Rental Center", async () => {
    const csv = [
      HEADER,
      row('A101', { unit_id: 'U1' }),
      row('A102', { floor: '2', rotate: '90' }),
      '"A103",A103,1,10.5,-4,999,1,360,"Climate, inside",""',
    ].join('\n')
    const before = (await unitsOf('TX100')).filter((unit) => !unit.system).length
    expect(before).toBeGreaterThan(3)
    const response = await upload(csv)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      location_code: 'TX100',
      imported: 3,
      replaced: before,
      floors: [1, 2],
      dry_run: false,
    })
    const units = await unitsOf('TX100')
    expect(
      units
        .filter((unit) => !unit.system)
        .map((unit) => [unit.unit_id, unit.unit_no, unit.floor_no, unit.rotate])
        .sort(),
    ).toEqual([
      ['A102', 'A102', 2, 90],
      ['A103', 'A103', 1, 360],
      ['U1', 'A101', 1, 0],
    ])
    expect(units.find((unit) => unit.unit_no === 'A103')).toMatchObject({
      top_coordinate: 10.5,
      left_coordinate: -4,
      width: 999,
      length: 1,
      category_name: 'Climate, inside',
      description: null,
    })
    expect(
      units
        .filter((unit) => unit.system)
        .map((unit) => unit.category_name)
        .sort(),
    ).toEqual(['Gate', 'Rental Center'])
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'location_units'), eq(auditLog.entity_id, 'TX100')))
    expect(audit).toMatchObject({
      action: 'replace',
      actor_name: 'admin@example.com',
      after: { unit_count: 3, file: 'map.csv' },
    })
  })

  test('the example file facility-map-sample.csv is a good file', async () => {
    const sample = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../web/public/facility-map-sample.csv'))
    const response = await upload(sample, 'facility-map-sample.csv', { locationCode: 'TX107' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ location_code: 'TX107', imported: 52, floors: [1, 2] })
    expect((await unitsOf('TX107')).find((unit) => unit.unit_no === 'P01')).toMatchObject({
      rotate: 30,
      description: '10x20 Parking, uncovered',
    })
  })

  test('a dry run checks the file and counts what it would replace, changing nothing (issue 18)', async () => {
    const before = await unitsOf('TX102')
    const current = before.filter((unit) => !unit.system).length
    const csv = [HEADER, row('D1'), row('D2', { floor: '3' })].join('\n')
    const response = await upload(csv, 'map.csv', { locationCode: 'TX102', dryRun: true })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      location_code: 'TX102',
      imported: 2,
      replaced: current,
      floors: [1, 3],
      dry_run: true,
    })
    expect((await unitsOf('TX102')).map((unit) => unit.id).sort()).toEqual(before.map((unit) => unit.id).sort())
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'location_units'), eq(auditLog.entity_id, 'TX102')))
    expect(audits).toHaveLength(0)
    // A bad file is refused by the dry run with the same rows as the upload.
    const bad = await upload([HEADER, row('D1', { floor: '0' })].join('\n'), 'map.csv', {
      locationCode: 'TX102',
      dryRun: true,
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().rows[0].line).toBe(2)
  })

  test('the column order is free, names are case-insensitive, optional columns may be left out, a BOM is read', async () => {
    const csv = '\uFEFFUnit_No,Floor_No,Width,Length,Top_Coordinate,Left_Coordinate\r\nB201,1,10,20,5,6\r\n'
    const response = await upload(csv, 'MAP.CSV', { locationCode: 'TX101' })
    expect(response.statusCode).toBe(200)
    const [unit] = (await unitsOf('TX101')).filter((entry) => !entry.system)
    expect(unit).toMatchObject({
      unit_id: 'B201',
      unit_no: 'B201',
      width: 10,
      length: 20,
      top_coordinate: 5,
      left_coordinate: 6,
      rotate: 0,
      category_name: null,
    })
  })

  test('every bad row is listed by line with its reasons, and nothing changes', async () => {
    const before = await unitsOf('TX102')
    const csv = [
      HEADER,
      row('C101'),
      row('', { floor: '0' }), // line 3: no unit_no, floor 0
      row('C103', { width: '0', length: '1000' }), // line 4
      row('C104', { rotate: '361' }), // line 5
      row('C105', { top: 'north', left: '' }), // line 6
      row('C101'), // line 7: duplicate unit number
      row('C107', { floor: '1.5' }), // line 8
      row('C108', { category: 'Gate' }), // line 9
      row('GATE'), // line 10: the Gate's unit number
      'C110,C110,1,1', // line 11: short row
    ].join('\n')
    const response = await upload(csv, 'map.csv', { locationCode: 'TX102' })
    expect(response.statusCode).toBe(400)
    const body = response.json()
    expect(body.error).toBe('invalid_csv')
    expect(body.bad_row_count).toBe(9)
    expect(body.message).toMatch(
      /^9 of 10 rows are not valid, so nothing was imported \(line 3: unit_no is required; floor_no must be between 1 and 99/,
    )
    const reasons = Object.fromEntries(
      body.rows.map((entry: { line: number; reasons: string[] }) => [entry.line, entry.reasons]),
    )
    expect(Object.keys(reasons).map(Number)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11])
    expect(reasons[3]).toEqual(['unit_no is required', 'floor_no must be between 1 and 99 (got 0)'])
    expect(reasons[4]).toEqual([
      'width must be between 1 and 999 (got 0)',
      'length must be between 1 and 999 (got 1000)',
    ])
    expect(reasons[5]).toEqual(['rotate must be between 0 and 360 (got 361)'])
    expect(reasons[6]).toEqual(['top_coordinate must be a number (got "north")', 'left_coordinate is required'])
    expect(reasons[7]).toEqual(['unit_no C101 is already on line 2'])
    expect(reasons[8]).toEqual(['floor_no must be a whole number (got 1.5)'])
    expect(reasons[9]).toEqual([
      'Gate is placed with the Gate / Rental Center inputs of the map editor, not in the CSV',
    ])
    expect(reasons[10]).toEqual(["unit_no GATE belongs to the facility's Gate or Rental Center"])
    expect(reasons[11]).toEqual(expect.arrayContaining(['has 4 fields, the header has 10', 'width is required']))
    expect(await unitsOf('TX102')).toEqual(before)
  })

  test('duplicate unit ids are refused too', async () => {
    const response = await upload([HEADER, row('D1', { unit_id: 'X' }), row('D2', { unit_id: 'X' })].join('\n'))
    expect(response.statusCode).toBe(400)
    expect(response.json().rows).toEqual([{ line: 3, unit_no: 'D2', reasons: ['unit_id X is already on line 2'] }])
  })

  test('header problems: a missing required column, an unknown column, only a header', async () => {
    const missing = await upload('unit_no,floor_no,top_coordinate,left_coordinate,width\nA1,1,1,1,1\n')
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toBe(
      'Missing column length; the header row must name unit_no, floor_no, top_coordinate, left_coordinate, width, length.',
    )
    const unknown = await upload(`${HEADER},rotation\n`)
    expect(unknown.json().message).toMatch(/^Unknown column "rotation"; the columns are unit_id, unit_no/)
    const headerOnly = await upload(`${HEADER}\n`)
    expect(headerOnly.statusCode).toBe(400)
    expect(headerOnly.json().message).toBe('The file has no units: only a header row.')
  })

  test('an empty file and an unreadable CSV are 400', async () => {
    const empty = await upload('')
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toMatchObject({ error: 'invalid_csv', message: 'The file is empty.', field: 'file' })
    const broken = await upload(`${HEADER}\n"A1,A1,1,1,1,1,1,0,x,y\n`)
    expect(broken.statusCode).toBe(400)
    expect(broken.json().message).toMatch(/^The file is not valid CSV: /)
  })

  test('only .csv files are accepted, and content that is not CSV is refused whatever its name', async () => {
    const good = [HEADER, row('E1')].join('\n')
    const wrongName = await upload(good, 'map.xlsx')
    expect(wrongName.statusCode).toBe(415)
    expect(wrongName.json().message).toBe('Only .csv files are accepted.')
    const image = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer()
    const png = await upload(image, 'map.csv')
    expect(png.statusCode).toBe(415)
    expect(png.json().message).toBe('The file is not a CSV file (its content is PNG).')
    const binary = await upload(Buffer.from([0x75, 0x6e, 0x00, 0x69, 0x74]), 'map.csv')
    expect(binary.json().message).toBe('The file is not a CSV file (it holds binary data).')
    const latin1 = await upload(Buffer.from([...Buffer.from(`${HEADER}\n`), 0xe9, 0x0a]), 'map.csv')
    expect(latin1.json().message).toBe('The file is not a CSV file (it is not UTF-8 text).')
  })

  test('a file over the limit gets 413, declared or streamed, and nothing changes', async () => {
    const before = await unitsOf('TX100')
    const big = [HEADER, ...Array.from({ length: 5000 }, (_, index) => row(`Z${index}`))].join('\n')
    expect(big.length).toBeGreaterThan(MAX_BYTES)
    const response = await upload(big)
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({ error: 'payload_too_large', field: 'file' })
    expect(await unitsOf('TX100')).toEqual(before)
  })

  test('one file at a time, and a JSON body is refused', async () => {
    const two = await upload([HEADER, row('F1')].join('\n'), 'map.csv', { extraFile: true })
    expect(two.statusCode).toBe(413)
    expect(two.json().message).toBe('Upload one CSV file at a time.')
    const json = await ctx.request({
      method: 'POST',
      url: '/api/location_units/upload?location_code=TX100',
      token: admin,
      host: 'admin.localhost',
      payload: { file: 'x' },
    })
    expect(json.statusCode).toBe(415)
  })

  test('an unknown facility is 404; a field-tool user is refused', async () => {
    const unknown = await upload([HEADER, row('G1')].join('\n'), 'map.csv', { locationCode: 'NOPE1' })
    expect(unknown.statusCode).toBe(404)
    const fieldToken = await ctx.signInField()
    const field = await upload([HEADER, row('G1')].join('\n'), 'map.csv', { token: fieldToken })
    expect(field.statusCode).toBe(403)
  })
})

describe('atomic replace', () => {
  test('when the insert fails half way the old units are all still there', async () => {
    const before = await unitsOf('TX103')
    // The file is good; the database fails on the insert that follows the delete, inside the transaction.
    const { replaceUnitsFromCsv } = await import('./unit-maps.service.ts')
    const failing = new Proxy(ctx.db, {
      get(target, property, receiver) {
        if (property !== 'transaction') return Reflect.get(target, property, receiver)
        return (work: (tx: unknown) => Promise<unknown>) =>
          target.transaction(async (tx) => {
            const brokenTx = new Proxy(tx, {
              get(inner, name, innerReceiver) {
                if (name === 'insert')
                  return () => ({
                    values: async () => {
                      throw new Error('disk full')
                    },
                  })
                return Reflect.get(inner, name, innerReceiver)
              },
            })
            return work(brokenTx)
          })
      },
    })
    await expect(
      replaceUnitsFromCsv(
        failing,
        'TX103',
        { filename: 'map.csv', data: Buffer.from([HEADER, row('H1')].join('\n')) },
        { kind: 'system', name: 'test' },
      ),
    ).rejects.toThrow('disk full')
    expect(await unitsOf('TX103')).toEqual(before)
  })
})

describe('POST /api/location_units (admin-console-part-1 §5, §7)', () => {
  const gate = { category_name: 'Gate', left_coordinate: 280, top_coordinate: 100, system_rotation: 45, size: 30 }

  const save = (body: Record<string, unknown>, token = admin) =>
    ctx.request({ method: 'POST', url: '/api/location_units', token, host: 'admin.localhost', payload: body })

  test('the Gate and the Rental Center are saved as floor-1 system units, updating the existing ones', async () => {
    const [oldGate] = await ctx.db
      .select()
      .from(locationUnits)
      .where(and(eq(locationUnits.location_code, 'TX104'), eq(locationUnits.category_name, 'Gate')))
    const response = await save({
      location_code: 'TX104',
      units: [
        gate,
        { category_name: 'Rental Center', left_coordinate: -5, top_coordinate: 0, system_rotation: 360, size: 999 },
      ],
    })
    expect(response.statusCode).toBe(200)
    const saved = response.json()
    expect(saved).toHaveLength(2)
    expect(saved[0]).toMatchObject({
      category_name: 'Gate',
      unit_id: oldGate!.unit_id,
      floor_no: 1,
      system: true,
      left_coordinate: 280,
      top_coordinate: 100,
      width: 30,
      length: 30,
      system_rotation: 45,
    })
    expect(saved[1]).toMatchObject({
      category_name: 'Rental Center',
      floor_no: 1,
      system: true,
      left_coordinate: -5,
      width: 999,
      system_rotation: 360,
    })
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'location_unit'), eq(auditLog.entity_id, String(oldGate!.id))))
    expect(audits.map((entry) => entry.action)).toEqual(['update'])
  })

  test('a facility without a Gate gets one with unit number GATE', async () => {
    await ctx.db
      .delete(locationUnits)
      .where(and(eq(locationUnits.location_code, 'TX105'), eq(locationUnits.category_name, 'Gate')))
    const response = await save({ location_code: 'TX105', units: [gate] })
    expect(response.statusCode).toBe(200)
    expect(response.json().find((unit: { category_name: string }) => unit.category_name === 'Gate')).toMatchObject({
      unit_no: 'GATE',
      unit_id: 'GATE',
      floor_no: 1,
    })
  })

  test('rotation and size outside 0–360 and 1–999 are 400 with the message; nothing changes', async () => {
    const before = await unitsOf('TX104')
    const rotation = await save({ location_code: 'TX104', units: [{ ...gate, system_rotation: 400 }] })
    expect(rotation.statusCode).toBe(400)
    expect(rotation.json().message).toContain('Rotation must be between 0 and 360.')
    const size = await save({ location_code: 'TX104', units: [{ ...gate, size: 0 }] })
    expect(size.statusCode).toBe(400)
    expect(size.json().message).toContain('Size must be between 1 and 999.')
    expect(await unitsOf('TX104')).toEqual(before)
  })

  test('unknown facility 404; field-tool user 403', async () => {
    expect((await save({ location_code: 'NOPE1', units: [gate] })).statusCode).toBe(404)
    expect((await save({ location_code: 'TX104', units: [gate] }, await ctx.signInField())).statusCode).toBe(403)
  })
})

describe('GET /api/location_units/statuses', () => {
  test('the storage-management statuses cover the seeded map units, in the four map statuses', async () => {
    const token = await ctx.signInField()
    const response = await ctx.request({
      method: 'GET',
      url: '/api/location_units/statuses?location_code=TX106',
      token,
    })
    expect(response.statusCode).toBe(200)
    const { statuses } = response.json<{ statuses: { unit_no: string; status: string }[] }>()
    const mapUnits = (await unitsOf('TX106'))
      .filter((unit) => !unit.system)
      .map((unit) => unit.unit_no)
      .sort()
    expect(statuses.map((entry) => entry.unit_no).sort()).toEqual(mapUnits)
    // The stand-in's units of TX106 (seed/generate.ts generateUnits, a fixed random stream).
    const statusOf = new Map(statuses.map((entry) => [entry.unit_no, entry.status]))
    expect(['A101', 'A106', 'B104', 'A121', 'A128', 'B108'].map((unit) => statusOf.get(unit))).toEqual([
      'Rented',
      'Vacant',
      'Reserved',
      'Unrentable',
      'Unrentable',
      'Reserved',
    ])
    const counts: Record<string, number> = {}
    for (const entry of statuses) counts[entry.status] = (counts[entry.status] ?? 0) + 1
    expect(counts).toEqual({ Rented: 276, Vacant: 68, Reserved: 12, Unrentable: 11 })
  })

  test('an unknown facility is 404', async () => {
    const response = await ctx.request({
      method: 'GET',
      url: '/api/location_units/statuses?location_code=NOPE1',
      token: admin,
      host: 'admin.localhost',
    })
    expect(response.statusCode).toBe(404)
  })
})
