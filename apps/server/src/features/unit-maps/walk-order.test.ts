import { and, count, desc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { compareWalkOrder } from '@storageops/contracts/walkthrough-rules'
import type { WalkOrder } from '@storageops/contracts/walkthroughs'
import { locationUnits } from '../../db/schema.ts'
import { useTestContext } from '../../test/context.ts'

const ctx = useTestContext()
let editor: string
let code: string
let storageUnits: Array<{ unit_no: string; floor_no: number }>
let systemUnit: string

beforeAll(async () => {
  editor = await ctx.signInAdmin('editor@example.com')
  const [withSystem] = await ctx.db
    .select({ location_code: locationUnits.location_code, units: count() })
    .from(locationUnits)
    .where(eq(locationUnits.system, true))
    .groupBy(locationUnits.location_code)
    .orderBy(desc(count()))
    .limit(1)
  code = withSystem!.location_code
  storageUnits = await ctx.db
    .select({ unit_no: locationUnits.unit_no, floor_no: locationUnits.floor_no })
    .from(locationUnits)
    .where(and(eq(locationUnits.location_code, code), eq(locationUnits.system, false)))
  const [system] = await ctx.db
    .select({ unit_no: locationUnits.unit_no })
    .from(locationUnits)
    .where(and(eq(locationUnits.location_code, code), eq(locationUnits.system, true)))
  systemUnit = system!.unit_no
}, 120_000)

const read = async (locationCode = code) =>
  ctx.adminCall('GET', `/api/location_units/walk_order?location_code=${locationCode}`, editor)
const save = (unit_nos: string[], locationCode = code) =>
  ctx.adminCall('PUT', '/api/location_units/walk_order', editor, { location_code: locationCode, unit_nos })

type AuditRow = { action: string; before: unknown; after: unknown }
const auditOf = async () => {
  const superadmin = await ctx.signInAdmin('admin@example.com')
  const response = await ctx.adminCall('GET', `/api/audit?entity=unit_walk_order&entity_id=${code}`, superadmin)
  return response.json<{ rows: AuditRow[] }>().rows
}

describe('walk order of a facility', () => {
  test('unsaved, it lists every storage unit, no Gate or Rental Center, in the default order', async () => {
    const response = await read()
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      location_code: code,
      unit_nos: [...storageUnits].sort(compareWalkOrder).map((unit) => unit.unit_no),
      saved: false,
    })
    expect(response.json<WalkOrder>().unit_nos).not.toContain(systemUnit)
  })

  test('an unknown facility is 404 on read and on save', async () => {
    expect((await read('ZZ999')).statusCode).toBe(404)
    expect((await save([], 'ZZ999')).statusCode).toBe(404)
  })

  test('a Gate or Rental Center is not a storage unit of the walk', async () => {
    const response = await save([systemUnit])
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      message: `Unit ${systemUnit} is not a storage unit of ${code}.`,
      field: 'unit_nos',
    })
  })

  test('several unknown units are named, the first five then an ellipsis', async () => {
    const six = ['X-1', 'X-2', 'X-3', 'X-4', 'X-5', 'X-6']
    const many = await save([storageUnits[0]!.unit_no, ...six])
    expect(many.statusCode).toBe(400)
    expect(many.json()).toMatchObject({
      message: `Units X-1, X-2, X-3, X-4, X-5, … are not a storage unit of ${code}.`,
      field: 'unit_nos',
    })
    const five = await save(six.slice(0, 5))
    expect(five.json().message).toBe(`Units X-1, X-2, X-3, X-4, X-5 are not a storage unit of ${code}.`)
    const two = await save(six.slice(0, 2))
    expect(two.json().message).toBe(`Units X-1, X-2 are not a storage unit of ${code}.`)
    expect((await read()).json()).toMatchObject({ saved: false })
  })

  test('a saved order replaces the last one and is audited with the counts and first units', async () => {
    const defaults = (await read()).json<WalkOrder>().unit_nos
    const first = [...defaults].reverse()
    const saved = await save(first)
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toEqual({ location_code: code, unit_nos: first, saved: true })
    const second = [defaults[1]!, defaults[0]!]
    expect((await save(second)).json()).toEqual({
      location_code: code,
      unit_nos: [...second, ...defaults.slice(2)],
      saved: true,
    })
    expect((await read()).json<WalkOrder>().unit_nos).toEqual([...second, ...defaults.slice(2)])
    const [latest, earlier] = await auditOf()
    expect(earlier).toMatchObject({
      action: 'update',
      after: { unit_count: first.length, first: first.slice(0, 10) },
    })
    expect(latest).toMatchObject({
      action: 'update',
      before: { unit_count: first.length },
      after: { unit_count: 2, first: second },
    })
    expect((await save([])).json()).toEqual({ location_code: code, unit_nos: defaults, saved: false })
  })
})
