import { and, asc, eq, like } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, test } from 'vitest'
import { isValidGateCodeEntry } from '@storageops/contracts/gate-code'
import type { GateCodeRotation } from '@storageops/contracts/gate-codes'
import {
  auditLog,
  gateCodeRotationFacilities,
  gateCodes as gateCodeRows,
  locations,
  snapshotLocations,
} from '../../db/schema.ts'
import type { Session } from '../../lib/session.ts'
import { replacingTransactions, uniqueViolation } from '../../test/staged-transactions.ts'
import { runGateCodeRotation } from './gate-code-rotation.job.ts'
import { useTestContext } from '../../test/context.ts'
import {
  abandonRotation,
  failRotation,
  getRotation,
  resumeRotation,
  startRotation,
} from './gate-code-rotation.service.ts'

const ctx = useTestContext({ env: { GATE_CODE_RETRY_DELAY_MS: '5' } })
let admin: string
const ADMIN = 'admin.localhost'

beforeAll(async () => {
  admin = await ctx.signInAdmin()
})
afterEach(() => ctx.ssm.setDelay(0))

type Entry = { name: string; currentCode: string; updatedAt: string }
const gateCodes = async () =>
  (await ctx.request({ method: 'GET', url: '/api/gate_code_rotation/gate_codes', host: ADMIN, token: admin })).json<
    Entry[]
  >()
const codeOf = (entries: Entry[], name: string) => entries.find((entry) => entry.name === name)!
const rotate = (name: string, token = admin) =>
  ctx.request({
    method: 'POST',
    url: '/api/gate_code_rotation/rotate',
    host: ADMIN,
    token,
    payload: { rotate_name: name },
  })
const rotateAll = (token = admin) =>
  ctx.request({ method: 'POST', url: '/api/gate_code_rotation/rotateAll', host: ADMIN, token })

const progressOf = async (id: number) =>
  (
    await ctx.request({ method: 'GET', url: `/api/gate_code_rotation/rotations/${id}`, host: ADMIN, token: admin })
  ).json<GateCodeRotation>()

/** Polls the rotation as the page does until it has finished. */
async function finished(id: number): Promise<GateCodeRotation> {
  for (let tries = 0; tries < 600; tries++) {
    const rotation = await progressOf(id)
    if (rotation.status !== 'running') return rotation
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`rotation ${id} did not finish`)
}

const ssmGateCodes = async (locationCode: string) =>
  (await ctx.app.ssm.call('GetGateCodes', { strLocationCode: locationCode })).tables.GateCodes?.[0]

describe('gate code rotation', () => {
  test('Rotate code pushes a new code by the gate-code rule to every facility, then the gate codes show it', async () => {
    const before = await gateCodes()
    const facilityCount = (await ctx.db.select().from(snapshotLocations)).length
    const response = await rotate('Emergency Code')
    expect(response.statusCode, response.body).toBe(202)
    expect(response.json()).toMatchObject({ names: ['Emergency Code'], status: 'running', total: facilityCount })

    const rotation = await finished(response.json().id)
    expect(rotation).toMatchObject({
      status: 'succeeded',
      done: facilityCount,
      failed: 0,
      failed_facilities: [],
      requested_by: 'admin@example.com',
    })
    const after = await gateCodes()
    const newCode = codeOf(after, 'Emergency Code').currentCode
    expect(newCode).not.toBe(codeOf(before, 'Emergency Code').currentCode)
    expect(isValidGateCodeEntry(newCode)).toBe(true)
    expect(
      new Date(codeOf(after, 'Emergency Code').updatedAt) > new Date(codeOf(before, 'Emergency Code').updatedAt),
    ).toBe(true)
    expect(codeOf(after, 'Temp Code')).toEqual(codeOf(before, 'Temp Code'))

    const facilities = await ctx.db
      .select({ emergency_code: snapshotLocations.emergency_code, location_code: snapshotLocations.location_code })
      .from(snapshotLocations)
    expect(new Set(facilities.map((facility) => facility.emergency_code))).toEqual(new Set([newCode]))
    expect(await ssmGateCodes(facilities[0]!.location_code)).toMatchObject({ EmergencyCode: newCode })
    const field = await ctx.request({
      method: 'GET',
      url: `/api/snapshot_locations?location_code=${facilities[0]!.location_code}`,
      token: await ctx.signInField(),
    })
    expect(field.json().emergency_code).toBe(newCode)
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'gate_code_rotation'))
    expect(audits.at(-1)).toMatchObject({ action: 'rotate', actor_name: 'admin@example.com' })
  })

  test('Rotate All rotates the three codes and keeps the Auction Winner keypad form', async () => {
    const before = await gateCodes()
    const response = await rotateAll()
    expect(response.statusCode).toBe(202)
    expect((await finished(response.json().id)).status).toBe('succeeded')
    const after = await gateCodes()
    for (const name of ['Auction Winner', 'Emergency Code', 'Temp Code']) {
      expect(codeOf(after, name).currentCode).not.toBe(codeOf(before, name).currentCode)
      expect(isValidGateCodeEntry(codeOf(after, name).currentCode)).toBe(true)
    }
    expect(codeOf(after, 'Auction Winner').currentCode).toMatch(/^\*\d{6}#$/)
    expect([codeOf(after, 'Emergency Code').currentCode, codeOf(after, 'Temp Code').currentCode]).toEqual([
      expect.stringMatching(/^\d{6}$/),
      expect.stringMatching(/^\d{6}$/),
    ])
  })

  test('a code with no row yet (a database without demo data) is drawn as six digits and listed once rotated', async () => {
    await ctx.db.delete(gateCodeRows).where(eq(gateCodeRows.name, 'Temp Code'))
    expect((await gateCodes()).map((entry) => entry.name)).toEqual(['Auction Winner', 'Emergency Code'])
    const response = await rotate('Temp Code')
    expect(response.statusCode, response.body).toBe(202)
    expect((await finished(response.json().id)).status).toBe('succeeded')
    const temp = codeOf(await gateCodes(), 'Temp Code')
    expect(temp.currentCode).toMatch(/^\d{6}$/)
    const facilities = await ctx.db.select({ temp_code: snapshotLocations.temp_code }).from(snapshotLocations)
    expect(new Set(facilities.map((facility) => facility.temp_code))).toEqual(new Set([temp.currentCode]))
  })

  test('a second rotation while one runs is refused with 409, and the running one is the one shown', async () => {
    ctx.ssm.setDelay(150)
    const first = await rotate('Temp Code')
    expect(first.statusCode).toBe(202)
    const second = await rotateAll()
    expect(second.statusCode).toBe(409)
    expect(second.json()).toEqual({
      error: 'conflict',
      message: 'A gate code rotation is already running. Wait until it finishes.',
    })
    const latest = (
      await ctx.request({ method: 'GET', url: '/api/gate_code_rotation/rotations/latest', host: ADMIN, token: admin })
    ).json<GateCodeRotation>()
    expect(latest).toMatchObject({ id: first.json().id, status: 'running' })
    expect(latest.done).toBeLessThan(latest.total)
    ctx.ssm.setDelay(0)
    expect((await finished(first.json().id)).status).toBe('succeeded')
  })

  test('a facility the storage-management system refuses once is retried and the rotation succeeds', async () => {
    ctx.ssm.failNext('UpdateGateCodes', -5, 'Gate controller offline')
    const response = await rotate('Temp Code')
    const rotation = await finished(response.json().id)
    expect(rotation).toMatchObject({ status: 'succeeded', failed: 0 })
    const [first] = await ctx.db
      .select()
      .from(gateCodeRotationFacilities)
      .where(eq(gateCodeRotationFacilities.rotation_id, rotation.id))
      .orderBy(gateCodeRotationFacilities.location_code)
      .limit(1)
    expect(first).toMatchObject({ status: 'done', attempts: 2, last_error: null })
  })

  test('a facility that keeps failing fails the rotation on its last run, and the gate codes stay as they were', async () => {
    // A facility the storage-management system does not know: every update of it is refused.
    const [template] = await ctx.db.select().from(locations).limit(1)
    const [details] = await ctx.db.select().from(snapshotLocations).limit(1)
    const { id: _id, ...location } = template!
    await ctx.db
      .insert(locations)
      .values({ ...location, location_code: 'ZZ900', slug: 'nowhere-zz-900', name: 'Nowhere #900' })
    await ctx.db.insert(snapshotLocations).values({ ...details!, location_code: 'ZZ900' })
    ctx.ssm.forgetLocation('ZZ900')
    try {
      const before = await gateCodes()
      const session = { kind: 'system' as const, name: 'test' }
      const started = await startRotation(ctx.db, ['Temp Code'], session)
      const deps = { db: ctx.db, ssm: ctx.app.ssm, log: ctx.app.log, retryDelayMs: 1 }

      await expect(runGateCodeRotation(deps, started.id, { isLastAttempt: false })).rejects.toThrow(
        '1 facility could not be updated.',
      )
      const progress = await progressOf(started.id)
      expect(progress).toMatchObject({ status: 'running', done: progress.total - 1, failed: 1 })

      await expect(runGateCodeRotation(deps, started.id, { isLastAttempt: true })).rejects.toThrow()
      const final = await progressOf(started.id)
      expect(final).toMatchObject({
        status: 'failed',
        error: '1 facility could not be updated.',
        failed_facilities: [{ location_code: 'ZZ900', attempts: 6, last_error: 'Unknown location code ZZ900' }],
      })
      expect(await gateCodes()).toEqual(before)
    } finally {
      await ctx.db.delete(locations).where(eq(locations.location_code, 'ZZ900'))
    }
    // The failed rotation no longer blocks the next one.
    const next = await rotate('Temp Code')
    expect(next.statusCode).toBe(202)
    expect((await finished(next.json().id)).status).toBe('succeeded')
  })

  test('an unknown kind is a 400 naming rotate_name, and nothing starts', async () => {
    const latestBefore = (
      await ctx.request({ method: 'GET', url: '/api/gate_code_rotation/rotations/latest', host: ADMIN, token: admin })
    ).json<GateCodeRotation | null>()
    const response = await rotate('Front Door')
    expect(response.statusCode).toBe(400)
    expect(response.json().field).toBe('rotate_name')
    const latestAfter = (
      await ctx.request({ method: 'GET', url: '/api/gate_code_rotation/rotations/latest', host: ADMIN, token: admin })
    ).json<GateCodeRotation | null>()
    expect(latestAfter?.id).toBe(latestBefore?.id)
  })

  test('only roles with /gate-code-rotation may rotate or watch; the field tool reads the codes but cannot rotate', async () => {
    const field = await ctx.signInField()
    const cs = await ctx.signInAdmin('cs@example.com')
    expect(
      (await ctx.request({ method: 'POST', url: '/api/gate_code_rotation/rotateAll', token: field })).statusCode,
    ).toBe(403)
    expect((await rotate('Temp Code', cs)).statusCode).toBe(403)
    expect((await rotateAll(cs)).statusCode).toBe(403)
    expect(
      (await ctx.request({ method: 'GET', url: '/api/gate_code_rotation/rotations/latest', host: ADMIN, token: cs }))
        .statusCode,
    ).toBe(403)
    expect(
      (await ctx.request({ method: 'POST', url: '/api/gate_code_rotation/rotateAll', host: ADMIN })).statusCode,
    ).toBe(401)
    expect(
      (await ctx.request({ method: 'GET', url: '/api/gate_code_rotation/gate_codes', token: field })).statusCode,
    ).toBe(200)
  })

  test('an unknown rotation is a 404 naming it, whether read, resumed or abandoned', async () => {
    const body = { error: 'not_found', message: 'No gate code rotation 99999.', field: 'id' }
    const read = await ctx.request({
      method: 'GET',
      url: '/api/gate_code_rotation/rotations/99999',
      host: ADMIN,
      token: admin,
    })
    expect([read.statusCode, read.json()]).toEqual([404, body])
    for (const action of ['resume', 'abandon']) {
      const response = await ctx.adminCall('POST', `/api/gate_code_rotation/rotations/99999/${action}`, admin)
      expect([response.statusCode, response.json()]).toEqual([404, body])
    }
  })
})

describe('rotation records', () => {
  const SYSTEM = { kind: 'system' as const, name: 'test' }
  const auditsOf = (id: number) =>
    ctx.db
      .select({ action: auditLog.action, actor: auditLog.actor_name, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'gate_code_rotation'), eq(auditLog.entity_id, String(id))))
      .orderBy(asc(auditLog.id))
  const facilitiesOf = (id: number) =>
    ctx.db
      .select({
        location_code: gateCodeRotationFacilities.location_code,
        status: gateCodeRotationFacilities.status,
        attempts: gateCodeRotationFacilities.attempts,
        last_error: gateCodeRotationFacilities.last_error,
      })
      .from(gateCodeRotationFacilities)
      .where(eq(gateCodeRotationFacilities.rotation_id, id))
      .orderBy(asc(gateCodeRotationFacilities.location_code))
  const setFacility = (
    id: number,
    locationCode: string,
    values: Partial<typeof gateCodeRotationFacilities.$inferInsert>,
  ) =>
    ctx.db
      .update(gateCodeRotationFacilities)
      .set(values)
      .where(
        and(eq(gateCodeRotationFacilities.rotation_id, id), eq(gateCodeRotationFacilities.location_code, locationCode)),
      )

  test('resume and abandon refuse a rotation not in the state they need, each with its reason', async () => {
    const first = await startRotation(ctx.db, ['Temp Code'], SYSTEM)
    const abandoned = await ctx.adminCall('POST', `/api/gate_code_rotation/rotations/${first.id}/abandon`, admin)
    expect(abandoned.json()).toMatchObject({ status: 'failed', error: 'Abandoned by admin@example.com.' })
    const again = await ctx.adminCall('POST', `/api/gate_code_rotation/rotations/${first.id}/abandon`, admin)
    expect([again.statusCode, again.json().message]).toEqual([409, 'Only a running rotation can be abandoned.'])

    const second = await startRotation(ctx.db, ['Temp Code'], SYSTEM)
    try {
      const running = await ctx.adminCall('POST', `/api/gate_code_rotation/rotations/${second.id}/resume`, admin)
      expect([running.statusCode, running.json().message]).toEqual([409, 'Only a failed rotation can be resumed.'])
      await failRotation(ctx.db, second.id, 'Gate controller offline')
      const older = await ctx.adminCall('POST', `/api/gate_code_rotation/rotations/${first.id}/resume`, admin)
      expect([older.statusCode, older.json().message]).toEqual([409, 'Only the latest rotation can be resumed.'])
    } finally {
      await failRotation(ctx.db, second.id, 'test over')
    }
  })

  test('a resumed rotation keeps its done facilities, sends the others again from their first attempt, and is audited', async () => {
    const started = await startRotation(ctx.db, ['Temp Code', 'Emergency Code'], SYSTEM)
    expect(started).toMatchObject({ status: 'running', requested_by: 'test', finished_at: null, done: 0, failed: 0 })
    expect(Date.parse(started.started_at)).toBeGreaterThan(Date.now() - 60_000)
    const [a, b, c] = (await facilitiesOf(started.id)).map((facility) => facility.location_code)
    await setFacility(started.id, a!, { status: 'done', attempts: 1 })
    await setFacility(started.id, c!, { status: 'failed', attempts: 6, last_error: 'Gate controller offline' })
    await setFacility(started.id, b!, { status: 'failed', attempts: 6, last_error: 'Unknown location code' })
    await failRotation(ctx.db, started.id, '2 facilities could not be updated.')
    const failed = await getRotation(ctx.db, started.id)
    expect(failed).toMatchObject({
      status: 'failed',
      error: '2 facilities could not be updated.',
      done: 1,
      failed: 2,
      total: started.total,
      failed_facilities: [
        { location_code: b, attempts: 6, last_error: 'Unknown location code' },
        { location_code: c, attempts: 6, last_error: 'Gate controller offline' },
      ],
    })
    expect(Date.parse(failed.finished_at!)).toBeGreaterThanOrEqual(Date.parse(started.started_at))

    const resumed = await resumeRotation(ctx.db, started.id, SYSTEM)
    try {
      expect(resumed).toMatchObject({ status: 'running', error: null, finished_at: null, done: 1, failed: 0 })
      const facilities = await facilitiesOf(started.id)
      expect(facilities.slice(0, 3)).toEqual([
        { location_code: a, status: 'done', attempts: 1, last_error: null },
        { location_code: b, status: 'pending', attempts: 0, last_error: null },
        { location_code: c, status: 'pending', attempts: 0, last_error: null },
      ])
    } finally {
      const abandoned = await abandonRotation(ctx.db, started.id, SYSTEM)
      expect(abandoned).toMatchObject({ status: 'failed', error: 'Abandoned by test.' })
    }
    expect(await auditsOf(started.id)).toEqual([
      {
        action: 'rotate',
        actor: 'test',
        before: null,
        after: { names: ['Temp Code', 'Emergency Code'], facilities: started.total },
      },
      { action: 'resume', actor: 'test', before: { status: 'failed' }, after: { status: 'running' } },
      { action: 'abandon', actor: 'test', before: { status: 'running' }, after: { status: 'failed' } },
    ])
  })

  test('a rotation is requested by the field user who started it', async () => {
    const field = {
      id: 0,
      kind: 'field',
      user: { username: 'pmanager', full_name: 'Parker Dawson', email: 'p@example.com', role: 'property_manager' },
      expiresAt: new Date(),
    } satisfies Session
    const started = await startRotation(ctx.db, ['Temp Code'], field)
    const abandoned = await abandonRotation(ctx.db, started.id, field)
    expect([started.requested_by, abandoned.error]).toEqual(['pmanager', 'Abandoned by pmanager.'])
  })

  test('two starts that both pass the running check make one rotation: the unique index is a 409', async () => {
    const violation = uniqueViolation()
    const racing = replacingTransactions(ctx.db, () => Promise.reject(violation))
    await expect(startRotation(racing, ['Temp Code'], SYSTEM)).rejects.toMatchObject({
      statusCode: 409,
      message: 'A gate code rotation is already running. Wait until it finishes.',
    })
    const failure = new Error('disk full')
    const failing = replacingTransactions(ctx.db, () => Promise.reject(failure))
    await expect(startRotation(failing, ['Temp Code'], SYSTEM)).rejects.toBe(failure)
  })

  test('a rotation lists every facility, however many: exactly 500 (one batch) and 501 (two)', async () => {
    const [template] = await ctx.db.select().from(locations).limit(1)
    const [details] = await ctx.db.select().from(snapshotLocations).limit(1)
    const { id: _id, ...location } = template!
    const addFacilities = async (from: number, count: number) => {
      const codes = Array.from({ length: count }, (_, index) => `ZB${String(from + index).padStart(4, '0')}`)
      await ctx.db
        .insert(locations)
        .values(codes.map((code) => ({ ...location, location_code: code, slug: code.toLowerCase(), name: code })))
      await ctx.db.insert(snapshotLocations).values(codes.map((code) => ({ ...details!, location_code: code })))
    }
    const existing = (await ctx.db.select().from(snapshotLocations)).length
    try {
      await addFacilities(0, 500 - existing)
      for (const total of [500, 501]) {
        if (total === 501) await addFacilities(500, 1)
        const rotation = await startRotation(ctx.db, ['Temp Code'], SYSTEM)
        await abandonRotation(ctx.db, rotation.id, SYSTEM)
        const listed = await facilitiesOf(rotation.id)
        expect([rotation.total, listed.length, new Set(listed.map((row) => row.location_code)).size]).toEqual([
          total,
          total,
          total,
        ])
      }
    } finally {
      await ctx.db.delete(locations).where(like(locations.location_code, 'ZB%'))
    }
  })

  test('an abandon that finds the rotation ended meanwhile is a 409 and leaves its outcome', async () => {
    const rotation = await startRotation(ctx.db, ['Temp Code'], SYSTEM)
    const endingFirst = replacingTransactions(ctx.db, async (run, body) => {
      await failRotation(ctx.db, rotation.id, '1 facility could not be updated.')
      return run(body)
    })
    await expect(abandonRotation(endingFirst, rotation.id, SYSTEM)).rejects.toMatchObject({
      statusCode: 409,
      message: 'Only a running rotation can be abandoned.',
    })
    expect(await getRotation(ctx.db, rotation.id)).toMatchObject({
      status: 'failed',
      error: '1 facility could not be updated.',
    })
    expect((await auditsOf(rotation.id)).map((audit) => audit.action)).toEqual(['rotate'])
  })
})
