import { randomUUID } from 'node:crypto'
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import type { FacilityOverviewRow } from '@storageops/contracts/dashboard'
import type { Task } from '@storageops/contracts/tasks'
import { compareWalkOrder, DISCREPANCY_TASKS, type Observation } from '@storageops/contracts/walkthrough-rules'
import type {
  LockChecksDue,
  RecordObservationsResult,
  Walkthrough,
  WalkthroughList,
  WalkthroughUnit,
} from '@storageops/contracts/walkthroughs'
import {
  comboLocks,
  facilityLastFullWalkthroughs,
  locationUnits,
  locations,
  resourceVersions,
  settings,
  snapshotLocations,
  tasks,
  taskTypes,
  walkthroughs,
} from '../../db/schema.ts'
import { rowsOf } from '../../lib/sql-rows.ts'
import { readRentRoll } from '../ecri/ssm-rent-roll.ts'
import { listUnitTenancies } from '../lease-terminations/ssm-units.service.ts'
import { multipartForm } from '../../test/multipart-form.ts'
import { useTestContext } from '../../test/context.ts'

const ctx = useTestContext()
let csagent: string
let pmanager: string
let facilities: Array<{ location_code: string; id: number }>

beforeAll(async () => {
  csagent = await ctx.signInField('csagent')
  pmanager = await ctx.signInField('pmanager')
  facilities = await ctx.db
    .select({ location_code: locations.location_code, id: locations.id })
    .from(locations)
    .orderBy(asc(locations.id))
})

const post = (url: string, token: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.request({ method: 'POST', url, token, payload: payload as object, headers })
const get = (url: string, token = csagent) => ctx.request({ method: 'GET', url, token })

async function start(locationCode: string, token = csagent): Promise<Walkthrough> {
  const response = await post('/api/walkthroughs', token, { location_code: locationCode })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

const observation = (unit_no: string, observed: Observation, extra: Record<string, unknown> = {}) => ({
  client_id: randomUUID(),
  unit_no,
  observed,
  ...extra,
})

async function record(id: number, token: string, observations: unknown[]) {
  return post(`/api/walkthroughs/${id}/observations`, token, { observations })
}

async function recorded(id: number, token: string, observations: unknown[]): Promise<RecordObservationsResult> {
  const response = await record(id, token, observations)
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

const OVERLOCK = 'walkthrough_overlock_days'
const CADENCE = 'walkthrough_cadence_days'
const settingNamed = async (name: string) => (await ctx.db.select().from(settings).where(eq(settings.name, name)))[0]!

/** PUT /api/settings/{id} of the setting named `name`, as the admin console saves it (the value alone unless `body`). */
async function saveSetting(name: string, value: string, body: { name?: string; description?: string } = {}) {
  const { id } = await settingNamed(name)
  return ctx.adminCall('PUT', `/api/settings/${id}`, await ctx.signInAdmin(), { value, ...body })
}

const unitOf = (walkthrough: Walkthrough, unitNo: string) => walkthrough.units.find((unit) => unit.unit_no === unitNo)!
const firstWith = (walkthrough: Walkthrough, test: (unit: WalkthroughUnit) => boolean) => walkthrough.units.find(test)!

/** The facility's rented units with their lease numbers, from the system's rent roll. */
async function leasesOf(locationCode: string) {
  const leases = new Map<string, string>()
  for await (const batch of readRentRoll(ctx.app.ssm, [locationCode]))
    for (const lease of batch.leases) leases.set(lease.unit_no, lease.lease_no)
  return leases
}

/** The lease is paid through `days` days ago (UTC), as the system's rent roll then says. */
const setDaysPastDue = (leaseNumber: string, days: number) =>
  ctx.ssm.setPaidThru(leaseNumber, new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10))

describe('starting a walkthrough', () => {
  let walkthrough: Walkthrough
  let code: string

  beforeAll(async () => {
    code = facilities[0]!.location_code
    const leases = await leasesOf(code)
    const rented = [...leases.keys()].sort()
    setDaysPastDue(leases.get(rented[0]!)!, 5)
    setDaysPastDue(leases.get(rented[1]!)!, 4)
    setDaysPastDue(leases.get(rented[2]!)!, 0)
    setDaysPastDue(leases.get(rented[3]!)!, 40)
    walkthrough = await start(code)
  })

  test('lists every storage unit of the map in the default walk order: floor, building letter, number', async () => {
    const units = await ctx.db
      .select({ unit_no: locationUnits.unit_no, floor_no: locationUnits.floor_no })
      .from(locationUnits)
      .where(and(eq(locationUnits.location_code, code), eq(locationUnits.system, false)))
    expect(walkthrough.units.map((unit) => unit.unit_no)).toEqual(
      [...units].sort(compareWalkOrder).map((u) => u.unit_no),
    )
    expect(walkthrough.units.map((unit) => unit.position)).toEqual(walkthrough.units.map((_, index) => index))
    expect(walkthrough).toMatchObject({
      location_code: code,
      status: 'in_progress',
      started_by: { username: 'csagent' },
      finished_at: null,
      overlock_days: 5,
      checked_count: 0,
      full: false,
    })
  })

  test('each unit expects the door of its status and ledger: rented and paid or under 5 days late a tenant lock, 5 or more days an overlock, vacant and reserved a company lock, unrentable skipped', async () => {
    const statuses = new Map(
      (await listUnitTenancies(ctx.app.ssm, code)).map((unit) => [unit.unit_no, unit.status] as const),
    )
    const leases = await leasesOf(code)
    const rented = [...leases.keys()].sort()
    expect(unitOf(walkthrough, rented[0]!)).toMatchObject({
      ssm_status: 'Rented',
      days_past_due: 5,
      expected: 'overlock',
    })
    expect(unitOf(walkthrough, rented[1]!)).toMatchObject({ days_past_due: 4, expected: 'tenant_lock' })
    expect(unitOf(walkthrough, rented[2]!)).toMatchObject({ days_past_due: 0, expected: 'tenant_lock' })
    expect(unitOf(walkthrough, rented[3]!)).toMatchObject({ days_past_due: 40, expected: 'overlock' })
    for (const unit of walkthrough.units) {
      const status = statuses.get(unit.unit_no)
      expect(unit.ssm_status).toBe(status ?? null)
      if (status === 'Vacant' || status === 'Reserved') expect(unit.expected).toBe('company_lock')
      if (status === 'Unrentable' || !status) expect(unit.expected).toBe('skip')
      if (status !== 'Rented') expect(unit.days_past_due).toBeNull()
    }
    const kinds = new Set(walkthrough.units.map((unit) => `${unit.ssm_status}:${unit.expected}`))
    for (const kind of [
      'Rented:tenant_lock',
      'Rented:overlock',
      'Vacant:company_lock',
      'Reserved:company_lock',
      'Unrentable:skip',
    ])
      expect(kinds).toContain(kind)
    expect(walkthrough.unit_count).toBe(walkthrough.units.filter((unit) => unit.expected !== 'skip').length)
  })

  test('a second start while one is under way is 409 naming the open walkthrough; the archive offers it', async () => {
    const response = await post('/api/walkthroughs', pmanager, { location_code: code })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({
      message: 'A walkthrough of this facility is already under way.',
      open_walkthrough_id: walkthrough.id,
    })
    const archive = (await get(`/api/walkthroughs?location_code=${code}`)).json<WalkthroughList>()
    expect(archive.open_walkthrough_id).toBe(walkthrough.id)
  })

  test('two starts at the same moment make one walkthrough', async () => {
    const other = facilities[5]!.location_code
    const answers = await Promise.all([
      post('/api/walkthroughs', csagent, { location_code: other }),
      post('/api/walkthroughs', pmanager, { location_code: other }),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409])
    const made = answers.find((answer) => answer.statusCode === 201)!.json<Walkthrough>()
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toMatchObject({ open_walkthrough_id: made.id })
  })

  test('the overlock day count is the setting walkthrough_overlock_days, as saved through the settings API', async () => {
    const other = facilities[1]!.location_code
    const leases = await leasesOf(other)
    const [nineDays, tenDays] = [...leases.keys()].sort()
    setDaysPastDue(leases.get(nineDays!)!, 9)
    setDaysPastDue(leases.get(tenDays!)!, 10)
    const saved = await saveSetting(OVERLOCK, '10')
    expect(saved.statusCode, saved.body).toBe(200)
    try {
      const walk = await start(other)
      expect(walk.overlock_days).toBe(10)
      expect(unitOf(walk, nineDays!)).toMatchObject({ days_past_due: 9, expected: 'tenant_lock' })
      expect(unitOf(walk, tenDays!)).toMatchObject({ days_past_due: 10, expected: 'overlock' })
    } finally {
      await saveSetting(OVERLOCK, '5')
    }
  })

  test('bad starts: an unknown facility 404, no units 422, the system failing 502, all naming what failed', async () => {
    const unknown = await post('/api/walkthroughs', csagent, { location_code: 'ZZ999' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ field: 'location_code' })
    const empty = facilities[2]!.location_code
    const saved = await ctx.db.select().from(locationUnits).where(eq(locationUnits.location_code, empty))
    await ctx.db.delete(locationUnits).where(eq(locationUnits.location_code, empty))
    const none = await post('/api/walkthroughs', csagent, { location_code: empty })
    expect(none.statusCode).toBe(422)
    expect(none.json()).toMatchObject({ message: 'No location units imported.', field: 'location_code' })
    await ctx.db.insert(locationUnits).values(saved)
    ctx.ssm.failNext('GetRentRoll', -9, 'Rent roll service down')
    const failed = await post('/api/walkthroughs', csagent, { location_code: empty })
    expect(failed.statusCode).toBe(502)
    expect(failed.json().message).toContain('Rent roll service down')
    expect((await get(`/api/walkthroughs?location_code=${empty}`)).json<WalkthroughList>().count).toBe(0)
    const blank = await post('/api/walkthroughs', csagent, { location_code: '' })
    expect(blank.statusCode).toBe(400)
    expect(blank.json()).toMatchObject({ field: 'location_code' })
  })
})

describe('recording doors', () => {
  let walkthrough: Walkthrough
  let code: string
  const unitNos = {} as Record<'overlock' | 'tenant' | 'vacant' | 'vacant2' | 'vacant3' | 'rented' | 'skip', string>

  beforeAll(async () => {
    code = facilities[3]!.location_code
    const leases = await leasesOf(code)
    const rented = [...leases.keys()].sort()
    setDaysPastDue(leases.get(rented[0]!)!, 30)
    setDaysPastDue(leases.get(rented[1]!)!, 0)
    setDaysPastDue(leases.get(rented[2]!)!, 0)
    walkthrough = await start(code)
    const vacant = walkthrough.units.filter((unit) => unit.expected === 'company_lock')
    Object.assign(unitNos, {
      overlock: rented[0],
      tenant: rented[1],
      rented: rented[2],
      vacant: vacant[0]!.unit_no,
      vacant2: vacant[1]!.unit_no,
      vacant3: vacant[2]!.unit_no,
      skip: firstWith(walkthrough, (unit) => unit.expected === 'skip').unit_no,
    })
  })

  test('one tap records a door with who and when; the answer has the unit and the progress', async () => {
    const at = new Date(Date.now() - 60_000).toISOString()
    const result = await recorded(walkthrough.id, csagent, [
      observation(unitNos.tenant, 'tenant_lock', { observed_at: at }),
    ])
    expect(result.recorded).toBe(1)
    expect(result.units).toEqual([
      expect.objectContaining({
        unit_no: unitNos.tenant,
        observed: 'tenant_lock',
        observed_at: at,
        observed_by: { username: 'csagent', full_name: expect.any(String) },
        discrepancy: null,
        observation_count: 1,
      }),
    ])
    expect(result.walkthrough).toMatchObject({ checked_count: 1, walkers: [{ username: 'csagent' }] })
  })

  test('the same observation sent again (same client_id) is recorded once', async () => {
    const again = observation(unitNos.vacant, 'company_lock')
    await recorded(walkthrough.id, csagent, [again])
    const second = await recorded(walkthrough.id, csagent, [again])
    expect(second.recorded).toBe(0)
    expect(second.units[0]).toMatchObject({ observation_count: 1 })
  })

  test('an Idempotency-Key replays the first answer and records nothing twice', async () => {
    const body = { observations: [observation(unitNos.vacant3, 'company_lock')] }
    const key = randomUUID()
    const first = await post(`/api/walkthroughs/${walkthrough.id}/observations`, csagent, body, {
      'idempotency-key': key,
    })
    const replay = await post(`/api/walkthroughs/${walkthrough.id}/observations`, csagent, body, {
      'idempotency-key': key,
    })
    expect(replay.statusCode).toBe(200)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.body).toBe(first.body)
  })

  test('two walkers: the observation made latest wins whatever arrives first; who and when are kept, the count grows', async () => {
    const early = new Date(Date.now() - 120_000).toISOString()
    const late = new Date(Date.now() - 30_000).toISOString()
    await recorded(walkthrough.id, pmanager, [observation(unitNos.vacant2, 'tenant_lock', { observed_at: late })])
    const result = await recorded(walkthrough.id, csagent, [
      observation(unitNos.vacant2, 'no_lock', { observed_at: early }),
    ])
    expect(result.units[0]).toMatchObject({
      observed: 'tenant_lock',
      observed_at: late,
      observed_by: { username: 'pmanager' },
      discrepancy: 'tenant_lock_on_vacant',
      observation_count: 2,
    })
    expect(result.walkthrough.walkers.map((walker) => walker.username).sort()).toEqual(['csagent', 'pmanager'])
  })

  test('a company lock serial is checked against the known combination locks', async () => {
    const [lock] = await ctx.db.select().from(comboLocks).where(eq(comboLocks.location_code, code)).limit(1)
    const [elsewhere] = await ctx.db
      .select()
      .from(comboLocks)
      .where(eq(comboLocks.location_code, facilities[4]!.location_code))
      .limit(1)
    const result = await recorded(walkthrough.id, csagent, [
      observation(unitNos.vacant, 'company_lock', { lock_serial: lock!.serial_number.toLowerCase() }),
      observation(unitNos.vacant3, 'company_lock', { lock_serial: elsewhere!.serial_number }),
      observation(unitNos.rented, 'company_lock', { lock_serial: 'NOT-A-LOCK-1' }),
    ])
    const checks = Object.fromEntries(result.units.map((unit) => [unit.unit_no, [unit.lock_serial, unit.serial_check]]))
    expect(checks[unitNos.vacant]).toEqual([lock!.serial_number, 'known'])
    expect(checks[unitNos.vacant3]).toEqual([elsewhere!.serial_number, 'other_facility'])
    expect(checks[unitNos.rented]).toEqual(['NOT-A-LOCK-1', 'unknown'])
  })

  test('every discrepancy kind is found from what the system expects and what the door shows', async () => {
    const result = await recorded(walkthrough.id, csagent, [
      observation(unitNos.overlock, 'tenant_lock'),
      observation(unitNos.tenant, 'overlock'),
      observation(unitNos.vacant, 'no_lock'),
      observation(unitNos.rented, 'damaged_door', { note: 'Bottom panel bent in' }),
    ])
    const found = Object.fromEntries(result.units.map((unit) => [unit.unit_no, unit.discrepancy]))
    expect(found).toEqual({
      [unitNos.overlock]: 'overlock_needed',
      [unitNos.tenant]: 'remove_overlock',
      [unitNos.vacant]: 'not_secured',
      [unitNos.rented]: 'door_damaged',
    })
    expect(result.walkthrough.discrepancies).toEqual({
      overlock_needed: 1,
      remove_overlock: 1,
      tenant_lock_on_vacant: 1,
      not_secured: 1,
      door_damaged: 1,
    })
  })

  test('bad observations are refused whole, naming the field: unknown unit, skipped unit, serial without a company lock, a time ahead, too many', async () => {
    const before = (await get(`/api/walkthroughs/${walkthrough.id}`)).json<Walkthrough>()
    const cases: Array<[unknown[], number, string]> = [
      [
        [observation(unitNos.vacant3, 'company_lock'), observation('NOPE-1', 'company_lock')],
        422,
        'observations.1.unit_no',
      ],
      [[observation(unitNos.skip, 'company_lock')], 422, 'observations.0.unit_no'],
      [[observation(unitNos.tenant, 'tenant_lock', { lock_serial: 'X1' })], 400, 'observations.0.lock_serial'],
      [
        [observation(unitNos.tenant, 'tenant_lock', { observed_at: new Date(Date.now() + 3_600_000).toISOString() })],
        422,
        'observations.0.observed_at',
      ],
      [[observation(unitNos.tenant, 'tenant_lock', { observed_at: 'yesterday' })], 400, 'observations.0.observed_at'],
      [[{ ...observation(unitNos.tenant, 'tenant_lock'), observed: 'padlock' }], 400, 'observations.0.observed'],
      [[{ ...observation(unitNos.tenant, 'tenant_lock'), client_id: 'x' }], 400, 'observations.0.client_id'],
      [Array.from({ length: 501 }, () => observation(unitNos.tenant, 'tenant_lock')), 400, 'observations'],
      [[], 400, 'observations'],
    ]
    for (const [items, status, field] of cases) {
      const response = await record(walkthrough.id, csagent, items)
      expect(response.statusCode, response.body).toBe(status)
      expect(response.json().field).toBe(field)
    }
    const after = (await get(`/api/walkthroughs/${walkthrough.id}`)).json<Walkthrough>()
    expect(after.units).toEqual(before.units)
    expect((await record(999_999, csagent, [observation('A101', 'tenant_lock')])).statusCode).toBe(404)
  })

  test('a door photo goes as multipart with the observation and is served under /img/', async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer()
    const form = await multipartForm(
      { client_id: randomUUID(), unit_no: unitNos.vacant3, observed: 'damaged_door', note: 'Dent' },
      [{ field: 'photo', name: 'door.jpg', data: photo, type: 'image/jpeg' }],
    )
    const response = await ctx.request({
      method: 'POST',
      url: `/api/walkthroughs/${walkthrough.id}/observations/photo`,
      token: csagent,
      ...form,
    })
    expect(response.statusCode, response.body).toBe(200)
    const unit = response.json<RecordObservationsResult>().units[0]!
    expect(unit).toMatchObject({ observed: 'damaged_door', note: 'Dent', discrepancy: 'door_damaged' })
    expect(unit.photo_url).toMatch(/^\/img\/walkthrough-.+\.jpg$/)
    const text = await multipartForm({ client_id: randomUUID(), unit_no: unitNos.vacant3, observed: 'damaged_door' }, [
      { field: 'photo', name: 'door.jpg', data: 'not a photo', type: 'image/jpeg' },
    ])
    const refused = await ctx.request({
      method: 'POST',
      url: `/api/walkthroughs/${walkthrough.id}/observations/photo`,
      token: csagent,
      ...text,
    })
    expect(refused.statusCode).toBe(415)
  })

  test('pause stops the walking time, any phone resumes; recording on a paused walkthrough resumes it', async () => {
    const paused = (await post(`/api/walkthroughs/${walkthrough.id}/pause`, csagent, {})).json<Walkthrough>()
    expect(paused.status).toBe('paused')
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const still = (await get(`/api/walkthroughs/${walkthrough.id}`)).json<Walkthrough>()
    expect(still.duration_seconds).toBe(paused.duration_seconds)
    const resumed = (await post(`/api/walkthroughs/${walkthrough.id}/resume`, pmanager, {})).json<Walkthrough>()
    expect(resumed.status).toBe('in_progress')
    expect((await post(`/api/walkthroughs/${walkthrough.id}/resume`, pmanager, {})).statusCode).toBe(200)
    await post(`/api/walkthroughs/${walkthrough.id}/pause`, pmanager, {})
    const result = await recorded(walkthrough.id, csagent, [observation(unitNos.vacant2, 'tenant_lock')])
    expect(result.walkthrough.status).toBe('in_progress')
  })

  describe('finishing', () => {
    let finished: Walkthrough
    let duplicateId: number

    beforeAll(async () => {
      // An open "Unit not secured" task of that unit already exists: the duplicate rule makes the finish note it.
      await ctx.db.insert(taskTypes).values({ title: 'Unit not secured', category: 'unit' }).onConflictDoNothing()
      const [type] = await ctx.db.select().from(taskTypes).where(eq(taskTypes.title, 'Unit not secured'))
      const [task] = await ctx.db
        .insert(tasks)
        .values({
          location_code: code,
          task_type_id: type!.id,
          unit_no: unitNos.vacant,
          prior: 'low',
          description: 'Seen open last week.',
        })
        .returning()
      duplicateId = task!.id
      const response = await post(`/api/walkthroughs/${walkthrough.id}/finish`, pmanager, {})
      expect(response.statusCode, response.body).toBe(200)
      finished = response.json()
    })

    test('finishing with units left is not a full walkthrough', () => {
      expect(finished).toMatchObject({ status: 'finished', finished_by: { username: 'pmanager' }, full: false })
      expect(finished.checked_count).toBeLessThan(finished.unit_count)
    })

    test('each discrepancy becomes a unit task of its kind through the task service, linking back', async () => {
      const raised = finished.units.filter((unit) => unit.discrepancy !== null)
      expect(raised.length).toBe(6)
      for (const unit of raised) {
        expect(unit.task_id, unit.unit_no).not.toBeNull()
        const task = (await get(`/api/tasks/${unit.task_id}`)).json<Task>()
        expect(task.walkthrough_id).toBe(walkthrough.id)
        expect(task.unit_no).toBe(unit.unit_no)
        if (unit.task_id === duplicateId) continue
        expect(task.task_type.title).toBe(DISCREPANCY_TASKS[unit.discrepancy!].title)
        expect(task.prior).toBe(DISCREPANCY_TASKS[unit.discrepancy!].prior)
        expect(task.description).toContain(`Walkthrough #${walkthrough.id}`)
      }
      const damaged = (await get(`/api/tasks/${unitOf(finished, unitNos.rented).task_id}`)).json<Task>()
      expect(damaged.description).toContain('Note: Bottom panel bent in')
      const photoTask = (await get(`/api/tasks/${unitOf(finished, unitNos.vacant3).task_id}`)).json<Task>()
      expect(photoTask.task_type.title).toBe('Door damaged')
      expect(photoTask.images).toEqual([unitOf(finished, unitNos.vacant3).photo_url])
    })

    test('an open task of the same type and unit is noted, not duplicated (spec §4)', async () => {
      expect(unitOf(finished, unitNos.vacant).task_id).toBe(duplicateId)
      const task = (await get(`/api/tasks/${duplicateId}`)).json<Task>()
      expect(task.task_activities.filter((activity) => activity.action === 'note')[0]!.note).toContain(
        `Seen again. Walkthrough #${walkthrough.id}`,
      )
      const open = await ctx.db
        .select()
        .from(tasks)
        .where(and(eq(tasks.location_code, code), eq(tasks.unit_no, unitNos.vacant), eq(tasks.status, 'open')))
      expect(open).toHaveLength(1)
    })

    test('a finished walkthrough refuses pause, resume and finish, and observations made after it', async () => {
      for (const action of ['pause', 'resume', 'finish'])
        expect((await post(`/api/walkthroughs/${walkthrough.id}/${action}`, csagent, {})).statusCode).toBe(409)
      const late = await record(walkthrough.id, csagent, [observation(unitNos.vacant2, 'company_lock')])
      expect(late.statusCode).toBe(409)
      expect(late.json()).toMatchObject({ field: 'observations.0.observed_at' })
    })

    test('an observation made before the finish that syncs late is taken, and its discrepancy is a task at once', async () => {
      const madeBefore = new Date(Date.parse(finished.finished_at!) - 5_000).toISOString()
      const unitNo = firstWith(finished, (unit) => unit.expected === 'tenant_lock' && unit.observed === null).unit_no
      const result = await recorded(walkthrough.id, csagent, [
        observation(unitNo, 'no_lock', { observed_at: madeBefore }),
      ])
      expect(result.units[0]).toMatchObject({ discrepancy: 'not_secured', task_id: expect.any(Number) })
    })

    test('the archive lists it with who, units checked, discrepancies by kind and duration', async () => {
      const archive = (await get(`/api/walkthroughs?location_code=${code}`)).json<WalkthroughList>()
      expect(archive.open_walkthrough_id).toBeNull()
      expect(archive.rows[0]).toMatchObject({
        id: walkthrough.id,
        status: 'finished',
        checked_count: finished.checked_count + 1,
        discrepancies: { not_secured: 2, door_damaged: 2 },
        duration_seconds: expect.any(Number),
        task_count: 7,
      })
    })
  })
})

describe('a full walkthrough and the Dashboard', () => {
  test('finishing with every unit recorded is full and becomes Last Full WalkThrough, linking to it', async () => {
    const code = facilities[6]!.location_code
    const walkthrough = await start(code, pmanager)
    const toCheck = walkthrough.units.filter((unit) => unit.expected !== 'skip')
    const half = Math.ceil(toCheck.length / 2)
    const door = (unit: WalkthroughUnit) =>
      observation(unit.unit_no, unit.expected === 'skip' ? 'other' : unit.expected)
    await recorded(walkthrough.id, pmanager, toCheck.slice(0, half).map(door))
    await recorded(walkthrough.id, csagent, toCheck.slice(half).map(door))
    const finished = (await post(`/api/walkthroughs/${walkthrough.id}/finish`, csagent, {})).json<Walkthrough>()
    expect(finished).toMatchObject({ full: true, checked_count: toCheck.length, task_count: 0 })
    const rows = (await get('/api/facilities/overview')).json<FacilityOverviewRow[]>()
    expect(rows.find((row) => row.site_code === code)).toMatchObject({
      last_full_walkthrough_at: finished.finished_at,
      last_full_walkthrough: { id: walkthrough.id },
    })
  })
})

describe('lock checks due (the regional view)', () => {
  type Due = LockChecksDue
  const due = async (query: string, token = csagent) => {
    const response = await get(`/api/walkthroughs/due?${query}`, token)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<Due>()
  }
  let walked: string
  let walking: string
  let hidden: string

  beforeAll(async () => {
    walked = facilities[8]!.location_code
    walking = facilities[9]!.location_code
    hidden = facilities[10]!.location_code
    const walkthrough = await start(walked)
    await recorded(
      walkthrough.id,
      csagent,
      walkthrough.units
        .filter((unit) => unit.expected !== 'skip')
        .map((unit) => observation(unit.unit_no, unit.expected as Observation)),
    )
    expect((await post(`/api/walkthroughs/${walkthrough.id}/finish`, csagent, {})).json<Walkthrough>().full).toBe(true)
    const open = await start(walking)
    await recorded(open.id, csagent, [
      observation(open.units.find((unit) => unit.expected !== 'skip')!.unit_no, 'other'),
    ])
    await ctx.db
      .update(snapshotLocations)
      .set({ hide_in_snapshot: true })
      .where(eq(snapshotLocations.location_code, hidden))
  })

  test('a facility walked in full within the cadence is not due; one never walked is, with the walk under way', async () => {
    const page = await due('limit=100')
    expect(page.cadence_days).toBe(7)
    const codes = page.rows.map((row) => row.site_code)
    expect(codes).not.toContain(walked)
    expect(codes).not.toContain(hidden)
    expect(page.rows.find((row) => row.site_code === walking)).toMatchObject({
      last_full_walkthrough_at: null,
      last_full_walkthrough_id: null,
      days_since: null,
      open_walkthrough: { status: 'in_progress', checked_count: 1 },
    })
  })

  test('past the cadence setting the walked facility is due, with its last full walkthrough and the days since', async () => {
    const [last] = await ctx.db
      .select({ id: walkthroughs.id, full_at: walkthroughs.full_at })
      .from(walkthroughs)
      .where(and(eq(walkthroughs.location_code, walked), isNotNull(walkthroughs.full_at)))
    await ctx.db
      .update(walkthroughs)
      .set({ full_at: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(walkthroughs.id, last!.id))
    expect((await saveSetting(CADENCE, '1')).statusCode).toBe(200)
    try {
      const page = await due(`q=${walked}`)
      expect(page).toMatchObject({ cadence_days: 1, count: 1 })
      expect(page.rows[0]).toMatchObject({ site_code: walked, days_since: 2, open_walkthrough: null })
      expect(page.rows[0]!.last_full_walkthrough_id).toBe(last!.id)
      const newestFirst = await due('sort=last_full_walkthrough_at&order=desc&limit=100')
      expect(newestFirst.rows[0]!.site_code).toBe(walked)
      const unsorted = await due('limit=100')
      expect(unsorted.rows.at(-1)!.last_full_walkthrough_at).not.toBeNull()
      expect(unsorted.rows[0]!.last_full_walkthrough_at).toBeNull()
    } finally {
      await saveSetting(CADENCE, '7')
      await ctx.db.update(walkthroughs).set({ full_at: last!.full_at }).where(eq(walkthroughs.id, last!.id))
    }
  })

  test('paged on the server: limit and offset, a count of the whole list, search and sort by its columns', async () => {
    const all = await due('limit=100')
    const first = await due('limit=2&offset=0&sort=site_code')
    const second = await due('limit=2&offset=2&sort=site_code')
    expect(first.count).toBe(all.count)
    expect(await due(`limit=2&offset=${all.count}`)).toMatchObject({ rows: [], count: all.count })
    const sorted = all.rows.map((row) => row.site_code).sort()
    expect([...first.rows, ...second.rows].map((row) => row.site_code)).toEqual(sorted.slice(0, 4))
    const reversed = await due('limit=1&sort=site_code&order=desc')
    expect(reversed.rows[0]!.site_code).toBe(sorted.at(-1))
    const found = await due(`q=${walking.toLowerCase()}`)
    expect(found.rows.map((row) => row.site_code)).toEqual([walking])
    expect((await due('q=no-such-facility-anywhere')).count).toBe(0)
  })

  test('bad list parameters are 400 naming the parameter; signed out is 401', async () => {
    for (const [query, field] of [
      ['sort=nope', 'sort'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['offset=-1', 'offset'],
      ['order=sideways', 'order'],
    ] as const) {
      const response = await get(`/api/walkthroughs/due?${query}`)
      expect(response.statusCode, query).toBe(400)
      expect(response.json(), query).toMatchObject({ field })
    }
    expect((await ctx.request({ method: 'GET', url: '/api/walkthroughs/due' })).statusCode).toBe(401)
  })
})

describe('the last full walkthrough each facility keeps for Lock checks due', () => {
  const dueOf = async (code: string) => {
    const response = await get(`/api/walkthroughs/due?q=${code}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<LockChecksDue>()
  }
  const walkInFull = async (code: string) => {
    const walk = await start(code)
    await recorded(
      walk.id,
      csagent,
      walk.units
        .filter((unit) => unit.expected !== 'skip')
        .map((unit) => observation(unit.unit_no, unit.expected as Observation)),
    )
    const finished = (await post(`/api/walkthroughs/${walk.id}/finish`, csagent, {})).json<Walkthrough>()
    expect(finished.full).toBe(true)
    return finished
  }
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000)
  /** What the stored rows must equal: each facility's latest full walkthrough, read from the walkthroughs. */
  const recomputed = () =>
    rowsOf<{ location_code: string; walkthrough_id: number }>(
      ctx.db,
      sql`select distinct on (location_code) location_code, id as walkthrough_id from walkthroughs
        where full_at is not null order by location_code, full_at desc, id desc`,
    )
  const stored = () =>
    ctx.db
      .select({
        location_code: facilityLastFullWalkthroughs.location_code,
        walkthrough_id: facilityLastFullWalkthroughs.walkthrough_id,
      })
      .from(facilityLastFullWalkthroughs)
      .orderBy(asc(facilityLastFullWalkthroughs.location_code))

  test('a full finish takes the facility off the list at once; a partial walkthrough after it leaves it off', async () => {
    const code = facilities[12]!.location_code
    expect((await dueOf(code)).count).toBe(1)
    const full = await walkInFull(code)
    expect((await dueOf(code)).count).toBe(0)
    const partial = await start(code)
    await post(`/api/walkthroughs/${partial.id}/finish`, csagent, {})
    expect((await dueOf(code)).count).toBe(0)
    await ctx.db
      .update(walkthroughs)
      .set({ full_at: daysAgo(9) })
      .where(eq(walkthroughs.id, full.id))
    expect((await dueOf(code)).rows).toMatchObject([{ last_full_walkthrough_id: full.id, days_since: 9 }])
  })

  test('a finished walkthrough made full by a door synced late moves the last full walkthrough', async () => {
    const code = facilities[13]!.location_code
    const walk = await start(code)
    const [missing, ...rest] = walk.units.filter((unit) => unit.expected !== 'skip')
    const before = new Date(Date.now() - 1000).toISOString()
    await recorded(
      walk.id,
      csagent,
      rest.map((unit) => observation(unit.unit_no, unit.expected as Observation)),
    )
    expect((await post(`/api/walkthroughs/${walk.id}/finish`, csagent, {})).json<Walkthrough>().full).toBe(false)
    expect((await dueOf(code)).rows).toMatchObject([{ last_full_walkthrough_id: null }])
    await recorded(walk.id, pmanager, [
      observation(missing!.unit_no, missing!.expected as Observation, { observed_at: before }),
    ])
    expect((await dueOf(code)).count).toBe(0)
    await ctx.db
      .update(walkthroughs)
      .set({ full_at: daysAgo(8) })
      .where(eq(walkthroughs.id, walk.id))
    expect((await dueOf(code)).rows).toMatchObject([{ last_full_walkthrough_id: walk.id, days_since: 8 }])
  })

  test('removing the last full walkthrough falls back to the one before it, then to never walked', async () => {
    const code = facilities[14]!.location_code
    const older = await walkInFull(code)
    await ctx.db
      .update(walkthroughs)
      .set({ full_at: daysAgo(20) })
      .where(eq(walkthroughs.id, older.id))
    const newer = await walkInFull(code)
    await ctx.db
      .update(walkthroughs)
      .set({ full_at: daysAgo(10) })
      .where(eq(walkthroughs.id, newer.id))
    expect((await dueOf(code)).rows).toMatchObject([{ last_full_walkthrough_id: newer.id, days_since: 10 }])
    await ctx.db.delete(walkthroughs).where(eq(walkthroughs.id, newer.id))
    expect((await dueOf(code)).rows).toMatchObject([{ last_full_walkthrough_id: older.id, days_since: 20 }])
    await ctx.db.delete(walkthroughs).where(eq(walkthroughs.id, older.id))
    expect((await dueOf(code)).rows).toMatchObject([{ last_full_walkthrough_id: null, days_since: null }])
    expect(await stored()).toEqual(await recomputed())
  })
})

describe('door photos sent side by side (two phones syncing at once)', () => {
  test('each is recorded once, also when all are sent again at once with their keys or their client ids', async () => {
    const walk = await start(facilities[13]!.location_code)
    const units = walk.units.filter((unit) => unit.expected !== 'skip').slice(0, 3)
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#446688' } })
      .jpeg()
      .toBuffer()
    const doors = units.map((unit) => ({ key: randomUUID(), client_id: randomUUID(), unit_no: unit.unit_no }))
    const send = (door: (typeof doors)[number], key = door.key) =>
      multipartForm({ client_id: door.client_id, unit_no: door.unit_no, observed: 'damaged_door' }, [
        { field: 'photo', name: 'door.jpg', data: photo, type: 'image/jpeg' },
      ]).then((form) =>
        ctx.request({
          method: 'POST',
          url: `/api/walkthroughs/${walk.id}/observations/photo`,
          token: csagent,
          ...form,
          headers: { ...form.headers, 'idempotency-key': key },
        }),
      )
    const first = await Promise.all(doors.map((door) => send(door)))
    expect(first.map((response) => response.statusCode)).toEqual([200, 200, 200])
    expect(first.map((response) => response.json<RecordObservationsResult>().recorded)).toEqual([1, 1, 1])
    const replays = await Promise.all(doors.map((door) => send(door)))
    expect(replays.map((response) => response.headers['idempotent-replayed'])).toEqual(['true', 'true', 'true'])
    const resent = await Promise.all(doors.map((door) => send(door, randomUUID())))
    expect(resent.map((response) => response.json<RecordObservationsResult>().recorded)).toEqual([0, 0, 0])
    const after = (await get(`/api/walkthroughs/${walk.id}`)).json<Walkthrough>()
    expect(after.checked_count).toBe(3)
    for (const unit of units) expect(unitOf(after, unit.unit_no)).toMatchObject({ observation_count: 1 })
  })
})

describe('the archive on the list pattern', () => {
  test('newest first unless sorted by started_at; limit and offset page it; a bad sort is 400 naming sort', async () => {
    const code = facilities[8]!.location_code
    const second = await start(code)
    await post(`/api/walkthroughs/${second.id}/finish`, csagent, {})
    const newest = (await get(`/api/walkthroughs?location_code=${code}`)).json<WalkthroughList>()
    expect(newest.rows.map((row) => row.id)).toEqual([second.id, newest.rows[1]!.id])
    expect(newest.count).toBe(2)
    const oldest = (
      await get(`/api/walkthroughs?location_code=${code}&sort=started_at&order=asc&limit=1`)
    ).json<WalkthroughList>()
    expect(oldest).toMatchObject({ count: 2, open_walkthrough_id: null })
    expect(oldest.rows.map((row) => row.id)).toEqual([newest.rows[1]!.id])
    const bad = await get(`/api/walkthroughs?location_code=${code}&sort=duration`)
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ field: 'sort' })
  })
})

describe('walk order', () => {
  test('saved in the map editor, a walkthrough follows it; units left out follow in the default order', async () => {
    const code = facilities[7]!.location_code
    const admin = await ctx.signInAdmin('editor@example.com')
    const current = (
      await ctx.request({
        method: 'GET',
        url: `/api/location_units/walk_order?location_code=${code}`,
        token: admin,
        host: 'admin.localhost',
      })
    ).json<{ unit_nos: string[]; saved: boolean }>()
    expect(current.saved).toBe(false)
    const chosen = [...current.unit_nos.slice(0, 5)].reverse()
    const saved = await ctx.adminCall('PUT', '/api/location_units/walk_order', admin, {
      location_code: code,
      unit_nos: chosen,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ saved: true, unit_nos: [...chosen, ...current.unit_nos.slice(5)] })
    const walkthrough = await start(code)
    expect(walkthrough.units.slice(0, 6).map((unit) => unit.unit_no)).toEqual([...chosen, current.unit_nos[5]])

    const unknown = await ctx.adminCall('PUT', '/api/location_units/walk_order', admin, {
      location_code: code,
      unit_nos: ['NOPE-9'],
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({
      field: 'unit_nos',
      message: `Unit NOPE-9 is not a storage unit of ${code}.`,
    })
    const twice = await ctx.adminCall('PUT', '/api/location_units/walk_order', admin, {
      location_code: code,
      unit_nos: [chosen[0], chosen[0]],
    })
    expect(twice.statusCode).toBe(400)
    expect(twice.json()).toMatchObject({ field: 'unit_nos' })
    const reset = await ctx.adminCall('PUT', '/api/location_units/walk_order', admin, {
      location_code: code,
      unit_nos: [],
    })
    expect(reset.json()).toMatchObject({ saved: false, unit_nos: current.unit_nos })
  })

  test('field users read the walk order but may not change it; admins without /snapshot may not walk', async () => {
    const code = facilities[7]!.location_code
    expect((await get(`/api/location_units/walk_order?location_code=${code}`)).statusCode).toBe(200)
    const refused = await ctx.request({
      method: 'PUT',
      url: '/api/location_units/walk_order',
      token: csagent,
      payload: { location_code: code, unit_nos: [] },
    })
    expect(refused.statusCode).toBe(403)
    const editor = await ctx.signInAdmin('editor@example.com')
    expect((await ctx.adminCall('POST', '/api/walkthroughs', editor, { location_code: code })).statusCode).toBe(403)
    expect((await ctx.request({ method: 'GET', url: `/api/walkthroughs?location_code=${code}` })).statusCode).toBe(401)
  })
})

describe('the walkthrough settings: the server decides (issue 31)', () => {
  const OVERLOCK_MESSAGE = 'Overlock days must be a whole number of days from 0 to 120.'
  const CADENCE_MESSAGE = 'Walkthrough cadence must be a whole number of days from 1 to 365.'
  const versionsOf = (id: number) =>
    ctx.db.$count(
      resourceVersions,
      and(eq(resourceVersions.resource, 'setting'), eq(resourceVersions.record_key, String(id))),
    )

  test('a bad value is 400 naming value, with the value alone or with the name; nothing is written', async () => {
    for (const [name, message, values] of [
      [OVERLOCK, OVERLOCK_MESSAGE, ['abc', '-3', '2.5', '', '121']],
      [CADENCE, CADENCE_MESSAGE, ['abc', '-3', '2.5', '0', '366']],
    ] as const) {
      const before = await settingNamed(name)
      const versions = await versionsOf(before.id)
      for (const value of values)
        for (const body of [{}, { name: name.toUpperCase(), description: before.description }] as const) {
          const response = await saveSetting(name, value, body)
          expect(response.statusCode, `${value} ${response.body}`).toBe(400)
          expect(response.json()).toMatchObject({
            error: 'invalid_input',
            field: 'value',
            message: expect.stringContaining(message),
            errors: [{ field: 'value', message: expect.stringContaining(message) }],
          })
        }
      expect(await settingNamed(name)).toEqual(before)
      expect(await versionsOf(before.id)).toBe(versions)
    }
  })

  test('a new setting of that name with a bad value, or another renamed to it, is refused on value too', async () => {
    const admin = await ctx.signInAdmin()
    const other = await ctx.adminCall('POST', '/api/settings', admin, { name: 'walk-note', value: 'weekly' })
    expect(other.statusCode, other.body).toBe(201)
    const created = await ctx.adminCall('POST', '/api/settings', admin, { name: CADENCE, value: 'weekly' })
    expect(created.statusCode).toBe(400)
    expect(created.json()).toMatchObject({ field: 'value', errors: [{ field: 'value' }] })
    const renamed = await ctx.adminCall('PUT', `/api/settings/${other.json().id}`, admin, {
      name: CADENCE,
      value: 'weekly',
    })
    expect(renamed.statusCode).toBe(400)
    expect(renamed.json()).toMatchObject({ field: 'value', message: expect.stringContaining(CADENCE_MESSAGE) })
    expect(await settingNamed('walk-note')).toMatchObject({ value: 'weekly' })
    expect((await settingNamed(CADENCE)).value).toBe('7')
    expect((await ctx.adminCall('PUT', `/api/settings/${other.json().id}`, admin, { value: '-3' })).statusCode).toBe(
      200,
    )
  })

  test('whole days within the bounds are saved, spaces around them allowed', async () => {
    for (const [name, value] of [
      [OVERLOCK, '0'],
      [OVERLOCK, ' 120 '],
      [CADENCE, '365'],
      [CADENCE, '1'],
    ] as const) {
      const response = await saveSetting(name, value)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toMatchObject({ name, value })
    }
    await saveSetting(OVERLOCK, '5')
    await saveSetting(CADENCE, '7')
  })

  test('a bad value stored before the rule reads as the default: 5 overlock days, a 7-day cadence', async () => {
    await ctx.db.update(settings).set({ value: '2.5' }).where(eq(settings.name, OVERLOCK))
    await ctx.db.update(settings).set({ value: '0' }).where(eq(settings.name, CADENCE))
    try {
      const walk = await start(facilities[11]!.location_code)
      expect(walk.overlock_days).toBe(5)
      const page = (await get('/api/walkthroughs/due?limit=1')).json<LockChecksDue>()
      expect(page.cadence_days).toBe(7)
    } finally {
      await ctx.db.update(settings).set({ value: '5' }).where(eq(settings.name, OVERLOCK))
      await ctx.db.update(settings).set({ value: '7' }).where(eq(settings.name, CADENCE))
    }
  })
})
