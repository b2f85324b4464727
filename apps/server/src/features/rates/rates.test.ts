import { parse } from 'csv-parse/sync'
import { and, desc, eq, sql } from 'drizzle-orm'
import PgBoss from 'pg-boss'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  RATE_CHANGES_PAGE_SIZE,
  type LiveLog,
  type RateChangeRow,
  type RateChanges,
  type RateChangesPage,
  type RateUploadLog,
} from '@storageops/contracts/rates'
import { communications, jobLeases, locations, rateUploadRows, rateUploads, users } from '../../db/schema.ts'
import { pgBossAdapter } from '../../jobs/queue.ts'
import { useTestContext } from '../../test/context.ts'
import { multipartForm } from '../../test/multipart-form.ts'
import { RATE_UPLOAD_QUEUE, rateJobOptions, rateNoticeKey } from './rate-processing.job.ts'
import { getTenant, getUnitTypes } from './ssm-rates.ts'

const ctx = useTestContext({ env: { JOB_STALE_SECONDS: '3' } })
let admin: string
let adminId: number

beforeAll(async () => {
  admin = await ctx.signInAdmin()
  const [me] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'))
  adminId = me!.id
})

type Kind = 'street_rate' | 'tenant_rate'

async function upload(kind: Kind, csv: string, name = 'rates.csv', token = admin) {
  const form = await multipartForm({}, [{ field: 'file', name, data: csv, type: 'text/csv' }])
  return ctx.request({
    method: 'POST',
    url: `/api/${kind}/upload-csv`,
    host: 'admin.localhost',
    token,
    headers: form.headers,
    payload: form.payload,
  })
}

const changes = async (kind: Kind) => (await ctx.adminCall('GET', `/api/${kind}/changes`, admin)).json<RateChanges>()

async function example(kind: Kind) {
  const file = kind === 'street_rate' ? 'Update-Unit-Type-Price-RM.csv' : 'Existing-Tenant-Rate-Increase-RM_V2.csv'
  const response = await ctx.adminCall('GET', `/${file}`, admin)
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-disposition']).toContain(file)
  return response.body
}

const records = (csv: string) => parse<Record<string, string>>(csv, { columns: true })

async function processAndWait(kind: Kind) {
  const pending = await changes(kind)
  const started = await ctx.adminCall('POST', `/api/${kind}/process`, admin, {
    uploaded_at: pending.upload!.uploaded_at,
    user_id: adminId,
  })
  expect(started.statusCode).toBe(202)
  const uploadId = started.json<{ upload_id: number }>().upload_id
  await waitProcessed(uploadId)
  return uploadId
}

async function waitProcessed(uploadId: number) {
  for (let tries = 0; tries < 400; tries++) {
    const [row] = await ctx.db.select().from(rateUploads).where(eq(rateUploads.id, uploadId))
    if (row?.status === 'processed') return
    await ctx.app.jobs.sweep()
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`upload ${uploadId} was never processed`)
}

test("the demo data holds one processed upload of each kind, its rows applied and the tenants' notices queued", async () => {
  for (const kind of ['street_rate', 'tenant_rate'] as const) {
    const logs = (await ctx.adminCall('GET', `/api/${kind}/logs`, admin)).json<RateUploadLog[]>()
    expect(logs, kind).toHaveLength(1)
    expect(logs[0]).toMatchObject({ userName: 'Alex Morgan', status: 'processed', numberOfRecords: 3, applied: 3 })
    const rows = await ctx.db.select().from(rateUploadRows).where(eq(rateUploadRows.upload_id, logs[0]!.id))
    expect(rows.map((row) => row.state)).toEqual(['applied', 'applied', 'applied'])
  }
  const notices = await ctx.db
    .select()
    .from(communications)
    .where(sql`${communications.idempotency_key} like 'rate-change/%'`)
  expect(notices.length).toBeGreaterThanOrEqual(3)
})

test('GET /api/tenant_rate/logs and /api/street_rate/logs list uploaded_at, userName, numberOfRecords and id', async () => {
  for (const kind of ['tenant_rate', 'street_rate'] as const) {
    const response = await ctx.adminCall('GET', `/api/${kind}/logs`, admin)
    expect(response.statusCode, kind).toBe(200)
    const [log] = response.json<Array<Record<string, unknown>>>()
    expect(log, kind).toMatchObject({
      id: expect.any(Number),
      userName: 'Alex Morgan',
      numberOfRecords: 3,
      uploaded_at: expect.any(String),
    })
    expect(new Date(String(log!.uploaded_at)).toISOString(), kind).toBe(log!.uploaded_at)
    const file = await ctx.adminCall('GET', `/api/${kind}/logs/${String(log!.id)}`, admin)
    expect(file.statusCode, kind).toBe(200)
    expect(file.headers['content-disposition'], kind).toContain(`${kind}_upload_id_${String(log!.id)}.csv`)
  }
})

describe('street-rate upload', () => {
  test('the example file holds real unit types, and uploading it gives the pending counts', async () => {
    const csv = await example('street_rate')
    const rows = records(csv)
    expect(Object.keys(rows[0]!)).toEqual(['location_code', 'unit_type_id', 'new_street_rate'])
    expect(rows.length).toBe(3)
    const response = await upload('street_rate', csv)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      message: 'Successfully uploaded CSV file!',
      counts: { received: 3, pending: 3, errors: 0 },
    })
    const pending = await changes('street_rate')
    expect(pending.counts).toEqual({ received: 3, pending: 3, errors: 0 })
    const first = pending.units[0]!
    expect(first.new_rate).toBeCloseTo(first.old_rate! * 1.05, 1)
    expect(first.change_percent).toBeGreaterThan(4.5)
    expect(pending.revenue.total).toBeGreaterThan(0)
    expect(pending.revenue.facilities[0]!.location_code).toBe(rows[0]!.location_code)
  })

  test('each guardrail refuses its row, naming the row, the column and the rule', async () => {
    const [good] = records(await example('street_rate'))
    const code = good!.location_code!
    const types = await getUnitTypes(ctx.app.ssm, code)
    const [a, b, c] = types
    const tooHigh = ((c!.street_cents * 1.5) / 100).toFixed(2)
    const csv = [
      'location_code,unit_type_id,new_street_rate',
      `${code},${a!.unit_type_id},${((a!.street_cents + 100) / 100).toFixed(2)}`,
      `${code},${b!.unit_type_id},0`,
      `${code},${c!.unit_type_id},${tooHigh}`,
      `NOPE1,1,100.00`,
      `${code},999,100.00`,
      `${code},${a!.unit_type_id},${((a!.street_cents + 200) / 100).toFixed(2)}`,
      `${code},abc,12,5`,
      `${code},${b!.unit_type_id},12.345`,
      `${code},,`,
    ].join('\n')
    const response = await upload('street_rate', csv)
    expect(response.statusCode).toBe(200)
    expect(response.json().counts).toEqual({ received: 9, pending: 1, errors: 8 })
    const { errors } = await changes('street_rate')
    console.log(JSON.stringify(errors))
    const rule = (row: number) => errors.filter((error) => error.row === row).map((error) => [error.column, error.rule])
    expect(rule(3)).toEqual([['new_street_rate', 'above zero']])
    expect(rule(4)).toEqual([['new_street_rate', 'maximum increase']])
    expect(rule(5)).toEqual([['location_code', 'known facility']])
    expect(rule(6)).toEqual([['unit_type_id', 'unit type exists']])
    expect(rule(7)).toEqual([['unit_type_id', 'no key twice']])
    expect(rule(8)).toEqual([['unit_type_id', 'whole number']])
    expect(rule(9)).toEqual([
      ['new_street_rate', 'dollars and cents'],
      ['unit_type_id', 'no key twice'],
    ])
    expect(rule(10)).toEqual([
      ['new_street_rate', 'required'],
      ['unit_type_id', 'required'],
    ])
    expect(errors.find((error) => error.row === 4)!.message).toMatch(
      /^Row 4, new_street_rate: 50\.0 % above \d+\.\d\d exceeds the 25 % maximum increase\.$/,
    )
    expect(errors.find((error) => error.row === 7)!.message).toContain('on row 2')
  })

  test('CRLF, LF and CR each end a row: a file mixing them reads its four rows', async () => {
    const [good] = records(await example('street_rate'))
    const types = await getUnitTypes(ctx.app.ssm, good!.location_code!)
    const line = (index: number) =>
      `${good!.location_code},${types[index]!.unit_type_id},${((types[index]!.street_cents + 100) / 100).toFixed(2)}`
    const csv = `location_code,unit_type_id,new_street_rate\r\n${line(0)}\r\n${line(1)}\n${line(2)}\r${line(3)}\n`
    const response = await upload('street_rate', csv)
    expect(response.json().counts).toEqual({ received: 4, pending: 4, errors: 0 })
    expect((await changes('street_rate')).units.map((unit) => unit.row)).toEqual([2, 3, 4, 5])
    await ctx.adminCall('POST', '/api/street_rate/discard', admin)
  })

  test('a file that is not CSV, lacks a column or comes without a session is refused with the reason', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')
    const form = await multipartForm({}, [{ field: 'file', name: 'rates.png', data: png }])
    const notCsv = await ctx.request({
      method: 'POST',
      url: '/api/street_rate/upload-csv',
      host: 'admin.localhost',
      token: admin,
      ...form,
    })
    expect(notCsv.statusCode).toBe(415)
    expect(notCsv.json()).toMatchObject({ message: 'Only .csv files are accepted.', field: 'file' })
    const missing = await upload('street_rate', 'location_code,new_street_rate\nX,1\n')
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ field: 'file', message: expect.stringContaining('no unit_type_id column') })
    const anonymous = await ctx.request({ method: 'GET', url: '/api/street_rate/changes', host: 'admin.localhost' })
    expect(anonymous.statusCode).toBe(401)
    const cs = await ctx.signInAdmin('cs@example.com')
    expect((await ctx.adminCall('GET', '/api/street_rate/changes', cs)).statusCode).toBe(403)
    expect((await ctx.adminCall('GET', '/Update-Unit-Type-Price-RM.csv', cs)).statusCode).toBe(403)
  })

  test('DISCARD clears the pending changes; a second DISCARD has nothing to clear', async () => {
    await upload('street_rate', await example('street_rate'))
    const discarded = await ctx.adminCall('POST', '/api/street_rate/discard', admin)
    expect(discarded.statusCode).toBe(200)
    expect((await changes('street_rate')).counts).toEqual({ received: 0, pending: 0, errors: 0 })
    expect((await ctx.adminCall('POST', '/api/street_rate/discard', admin)).statusCode).toBe(404)
  })

  test('PROCESS refuses a stale page and another user id', async () => {
    await upload('street_rate', await example('street_rate'))
    const pending = await changes('street_rate')
    const stale = await ctx.adminCall('POST', '/api/street_rate/process', admin, {
      uploaded_at: '2020-01-01T00:00:00.000Z',
      user_id: adminId,
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().field).toBe('uploaded_at')
    const other = await ctx.adminCall('POST', '/api/street_rate/process', admin, {
      uploaded_at: pending.upload!.uploaded_at,
      user_id: adminId + 1000,
    })
    expect(other.statusCode).toBe(403)
    expect(other.json().field).toBe('user_id')
    await ctx.adminCall('POST', '/api/street_rate/discard', admin)
  })

  test('PROCESS applies each row once, a refused row fails with the system message, and the log CSV lists every row', async () => {
    const rows = records(await example('street_rate'))
    const code = rows[0]!.location_code!
    const csv = [
      'location_code,unit_type_id,new_street_rate',
      ...rows.map((row) => `${row.location_code},${row.unit_type_id},${row.new_street_rate}`),
      '"=HYPERLINK(""http://evil"")",1,5',
    ].join('\n')
    await upload('street_rate', csv)
    ctx.ssm.failNext('UnitStandardRateUpdate', -9, 'Rate locked by a promotion')
    const before = ctx.ssm.requests.length
    const uploadId = await processAndWait('street_rate')
    const calls = ctx.ssm.requests.slice(before).filter((call) => call.method === 'UnitStandardRateUpdate')
    expect(calls.map((call) => call.params.iUnitTypeID)).toEqual(rows.map((row) => row.unit_type_id))

    const types = await getUnitTypes(ctx.app.ssm, code)
    const rateOf = (id: string) => types.find((type) => type.unit_type_id === Number(id))!.street_cents / 100
    expect(rateOf(rows[0]!.unit_type_id!)).not.toBe(Number(rows[0]!.new_street_rate))
    expect(rateOf(rows[1]!.unit_type_id!)).toBe(Number(rows[1]!.new_street_rate))
    expect(rateOf(rows[2]!.unit_type_id!)).toBe(Number(rows[2]!.new_street_rate))

    const log = (await ctx.adminCall('GET', '/api/street_rate/live-log', admin)).json<LiveLog>()
    expect(log.upload_id).toBe(uploadId)
    expect(log.entries.at(-1)).toMatchObject({ log: 'Successfully processed rate changes!', isError: false })
    expect(log.entries.find((entry) => entry.isError)?.log).toContain('Rate locked by a promotion')

    const logs = (await ctx.adminCall('GET', '/api/street_rate/logs', admin)).json<RateUploadLog[]>()
    expect(logs[0]).toMatchObject({ id: uploadId, numberOfRecords: 4, applied: 2, failed: 1, userName: 'Alex Morgan' })
    const download = await ctx.adminCall('GET', `/api/street_rate/logs/${uploadId}`, admin)
    expect(download.headers['content-disposition']).toContain(`street_rate_upload_id_${uploadId}.csv`)
    const lines = records(download.body)
    expect(lines.map((line) => line.state)).toEqual(['failed', 'applied', 'applied', 'invalid'])
    expect(lines[0]!.outcome).toContain('Rate locked by a promotion')
    expect(lines[3]!.location_code).toBe(`'=HYPERLINK("http://evil")`)
    expect(lines[3]!.outcome).toContain('Row 5, location_code')
    expect((await changes('street_rate')).counts.received).toBe(0)
    expect((await ctx.adminCall('GET', '/api/street_rate/logs/999999', admin)).statusCode).toBe(404)
  })
})

async function undoAndWait(kind: Kind, uploadId: number) {
  const started = await ctx.adminCall('POST', `/api/${kind}/logs/${uploadId}/undo`, admin)
  expect(started.statusCode).toBe(202)
  for (let tries = 0; tries < 400; tries++) {
    const [row] = await ctx.db.select().from(rateUploads).where(eq(rateUploads.id, uploadId))
    if (row?.undone_at) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`upload ${uploadId} was never undone`)
}

test('undo puts the previous street rates back, once', async () => {
  const [latest] = (await ctx.adminCall('GET', '/api/street_rate/logs', admin)).json<RateUploadLog[]>()
  const rows = await ctx.db.select().from(rateUploadRows).where(eq(rateUploadRows.upload_id, latest!.id))
  const applied = rows.filter((row) => row.state === 'applied')
  expect(applied.length).toBeGreaterThan(0)
  await undoAndWait('street_rate', latest!.id)
  const types = await getUnitTypes(ctx.app.ssm, applied[0]!.location_code!)
  for (const row of applied)
    expect(types.find((type) => type.unit_type_id === row.unit_type_id)!.street_cents).toBe(row.old_cents)
  const after = await ctx.db.select().from(rateUploadRows).where(eq(rateUploadRows.upload_id, latest!.id))
  expect(after.filter((row) => row.state === 'undone').length).toBe(applied.length)
  const logs = (await ctx.adminCall('GET', '/api/street_rate/logs', admin)).json<RateUploadLog[]>()
  expect(logs[0]!.undone_at).not.toBeNull()
  expect((await ctx.adminCall('POST', `/api/street_rate/logs/${latest!.id}/undo`, admin)).statusCode).toBe(409)
  expect((await ctx.adminCall('POST', `/api/tenant_rate/logs/${latest!.id}/undo`, admin)).statusCode).toBe(404)
})

describe('the changes to process, paged (DESIGN §13)', () => {
  const pageOf = async (params: string) => {
    const response = await ctx.adminCall('GET', `/api/street_rate/changes?${params}`, admin)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<RateChangesPage>()
  }

  test('pages of the pending rows: the file’s order, sorted by change or facility, searched by facility', async () => {
    expect(await pageOf('limit=5')).toEqual({ rows: [], count: 0 })
    const codes = (await ctx.db.select({ code: locations.location_code }).from(locations).limit(6)).map(
      (row) => row.code,
    )
    const lines: string[] = []
    for (const [index, code] of codes.entries())
      for (const type of await getUnitTypes(ctx.app.ssm, code))
        lines.push(`${code},${type.unit_type_id},${((type.street_cents + 100 * (index + 1)) / 100).toFixed(2)}`)
    lines.splice(3, 0, `${codes[0]},999,10.00`)
    const uploaded = await upload('street_rate', `location_code,unit_type_id,new_street_rate\n${lines.join('\n')}\n`)
    const counts = uploaded.json<{ counts: RateChanges['counts'] }>().counts
    expect(counts.errors).toBe(1)
    expect(counts.pending).toBeGreaterThan(RATE_CHANGES_PAGE_SIZE)

    const whole = await changes('street_rate')
    expect(Object.keys(whole).sort()).toEqual(['counts', 'errors', 'revenue', 'settings', 'units', 'upload'])
    const first = await pageOf('offset=0')
    expect(first).toEqual({ rows: whole.units.slice(0, RATE_CHANGES_PAGE_SIZE), count: counts.pending })
    expect(first.rows.map((row) => row.row)).not.toContain(5)

    const all = async (params: string, limit: number) => {
      const rows: RateChangeRow[] = []
      for (let offset = 0; offset < counts.pending; offset += limit)
        rows.push(...(await pageOf(`${params}&limit=${limit}&offset=${offset}`)).rows)
      return rows.map((row) => row.row)
    }
    const byChange = await all('sort=change', 7)
    const changeOf = new Map(whole.units.map((row) => [row.row, row.change!]))
    expect(byChange).toHaveLength(counts.pending)
    expect(byChange.map((row) => changeOf.get(row))).toEqual([...changeOf.values()].sort((a, b) => a - b))
    expect(await all('sort=change&order=desc', 9)).toEqual([...byChange].reverse())
    expect(await all('sort=location_code', 8)).toEqual(
      [...whole.units]
        .sort((a, b) => (a.location_code < b.location_code ? -1 : a.location_code > b.location_code ? 1 : 0))
        .map((row) => row.row),
    )

    const found = await pageOf(`q=${codes[1]!.toLowerCase()}&limit=100`)
    expect(found.count).toBe(whole.units.filter((row) => row.location_code === codes[1]).length)
    expect(found.rows.every((row) => row.location_code === codes[1])).toBe(true)

    for (const [params, field] of [
      ['limit=0', 'limit'],
      ['offset=-1', 'offset'],
      ['sort=new_rate', 'sort'],
      ['order=up', 'order'],
      [`q=${'x'.repeat(201)}`, 'q'],
    ]) {
      const refused = await ctx.adminCall('GET', `/api/street_rate/changes?${params}`, admin)
      expect([refused.statusCode, refused.json().field]).toEqual([400, field])
    }
    expect((await ctx.adminCall('POST', '/api/street_rate/discard', admin)).statusCode).toBe(200)
  })
})

describe('tenant-rate upload', () => {
  test('a stale current_rent, a short notice and a unit not on the lease are refused', async () => {
    const [row] = records(await example('tenant_rate'))
    const line = (patch: Partial<Record<string, string>>) => {
      const merged = { ...row, ...patch }
      return [
        merged.location_code,
        merged.tenant_id,
        merged.lease_no,
        merged.unit_no,
        merged.current_rent,
        merged.new_rent,
        merged.effective_date,
      ].join(',')
    }
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    const csv = [
      'location_code,tenant_id,lease_no,unit_no,current_rent,new_rent,effective_date',
      line({ current_rent: '1.00' }),
      line({ lease_no: 'L-NONE' }),
      line({ effective_date: tomorrow, lease_no: row!.lease_no }),
      line({ unit_no: 'Z999' }),
      line({ effective_date: '2026-02-30' }),
      line({ tenant_id: '77' }),
    ].join('\n')
    const response = await upload('tenant_rate', csv)
    expect(response.json().counts).toEqual({ received: 6, pending: 0, errors: 6 })
    const { errors } = await changes('tenant_rate')
    // Rows 4–6 name row 2's lease again, which the no-key-twice rule also reports.
    const rules = errors
      .filter((error) => error.rule !== 'no key twice')
      .map((error) => [error.row, error.column, error.rule])
    expect(errors.filter((error) => error.rule === 'no key twice').map((error) => error.row)).toEqual([4, 5, 6])
    expect(rules).toEqual([
      [2, 'current_rent', 'current rent matches'],
      [3, 'lease_no', 'lease exists'],
      [4, 'effective_date', 'notice period'],
      [5, 'unit_no', 'unit matches lease'],
      [6, 'effective_date', 'ISO date'],
      [7, 'tenant_id', 'tenant exists'],
    ])
    await ctx.adminCall('POST', '/api/tenant_rate/discard', admin)
  })

  test('processed rows schedule the change in the system and queue a rate-change notice to the tenant', async () => {
    const rows = records(await example('tenant_rate'))
    expect((await upload('tenant_rate', await example('tenant_rate'))).json().counts.errors).toBe(0)
    const uploadId = await processAndWait('tenant_rate')
    const tenant = await getTenant(ctx.app.ssm, rows[0]!.location_code!, rows[0]!.tenant_id!)
    const lease = tenant!.leases.find((candidate) => candidate.lease_no === rows[0]!.lease_no)!
    expect(lease.scheduled).toEqual({
      rent_cents: Math.round(Number(rows[0]!.new_rent) * 100),
      date: rows[0]!.effective_date,
    })
    const applied = await ctx.db
      .select()
      .from(rateUploadRows)
      .where(and(eq(rateUploadRows.upload_id, uploadId), eq(rateUploadRows.state, 'applied')))
    expect(applied.length).toBe(rows.length)
    const notices = await ctx.db
      .select()
      .from(communications)
      .where(sql`${communications.idempotency_key} like ${`${rateNoticeKey(applied[0]!)}#%`}`)
    expect(notices.length).toBeGreaterThan(0)
  })

  test('the same file processed again is refused row by row as already scheduled, and no notice goes out twice', async () => {
    const [processed] = await ctx.db
      .select()
      .from(rateUploads)
      .where(and(eq(rateUploads.kind, 'tenant_rate'), eq(rateUploads.status, 'processed')))
      .orderBy(desc(rateUploads.id))
      .limit(1)
    const applied = await ctx.db
      .select()
      .from(rateUploadRows)
      .where(and(eq(rateUploadRows.upload_id, processed!.id), eq(rateUploadRows.state, 'applied')))
    expect(applied).toHaveLength(3)
    const sentOf = async () => {
      const rows = await ctx.db
        .select({ key: communications.idempotency_key })
        .from(communications)
        .where(sql`${communications.idempotency_key} like 'rate-change/%'`)
      return applied.map((row) => rows.filter((entry) => entry.key.startsWith(`${rateNoticeKey(row)}#`)).length)
    }
    const sentOnce = await sentOf()
    expect(sentOnce.every((count) => count >= 1 && count <= 2)).toBe(true)

    const again = await upload('tenant_rate', await example('tenant_rate'))
    expect(again.json().counts).toEqual({ received: 3, pending: 0, errors: 3 })
    const { errors } = await changes('tenant_rate')
    expect(errors.map((error) => [error.row, error.column, error.rule])).toEqual([
      [2, 'new_rent', 'already scheduled'],
      [3, 'new_rent', 'already scheduled'],
      [4, 'new_rent', 'already scheduled'],
    ])
    expect(errors[0]!.message).toMatch(
      /^Row 2, new_rent: lease \S+ already has [\d.]+ scheduled for \d{4}-\d{2}-\d{2}\.$/,
    )
    await ctx.adminCall('POST', '/api/tenant_rate/discard', admin)

    // Undone, the same changes may be scheduled again; the tenants were told once and are not told again.
    await undoAndWait('tenant_rate', processed!.id)
    expect((await upload('tenant_rate', await example('tenant_rate'))).json().counts.errors).toBe(0)
    const uploadId = await processAndWait('tenant_rate')
    const rerun = await ctx.db.select().from(rateUploadRows).where(eq(rateUploadRows.upload_id, uploadId))
    expect(rerun.map((row) => row.state)).toEqual(['applied', 'applied', 'applied'])
    expect(await sentOf()).toEqual(sentOnce)
    const rows = records(await example('tenant_rate'))

    await undoAndWait('tenant_rate', uploadId)
    const undone = await getTenant(ctx.app.ssm, rows[0]!.location_code!, rows[0]!.tenant_id!)
    expect(undone!.leases.find((candidate) => candidate.lease_no === rows[0]!.lease_no)!.scheduled).toBeNull()
  })
})

describe('a run cut short by a killed server', () => {
  let crashed: PgBoss
  beforeAll(async () => {
    await ctx.app.jobs.start()
    crashed = new PgBoss({ db: pgBossAdapter(ctx.db), schema: 'pgboss', supervise: false, migrate: false })
    await crashed.start()
  })
  afterAll(() => crashed.stop({ graceful: false, wait: false }))

  test('resumes from its rows and applies none twice, not even the one in flight when it died', async () => {
    const rows = records(await example('street_rate')).map((row): Record<string, string> => ({
      ...row,
      new_street_rate: (Number(row.new_street_rate) + 1).toFixed(2),
    }))
    const csv = ['location_code,unit_type_id,new_street_rate', ...rows.map((row) => Object.values(row).join(','))]
    await upload('street_rate', csv.join('\n'))
    const pending = await changes('street_rate')
    // The killed server had applied row 2, called the system for row 3 (done there, not yet recorded) and died.
    const [uploadRow] = await ctx.db
      .update(rateUploads)
      .set({ status: 'processing' })
      .where(eq(rateUploads.id, pending.upload!.id))
      .returning()
    await ctx.db
      .update(rateUploadRows)
      .set({ state: 'applied', outcome: 'applied' })
      .where(and(eq(rateUploadRows.upload_id, uploadRow!.id), eq(rateUploadRows.row_no, 2)))
    await ctx.db
      .update(rateUploadRows)
      .set({ state: 'applying' })
      .where(and(eq(rateUploadRows.upload_id, uploadRow!.id), eq(rateUploadRows.row_no, 3)))
    const before = ctx.ssm.requests.length
    for (const row of rows.slice(0, 2))
      await ctx.app.ssm.call('UnitStandardRateUpdate', {
        strLocationCode: row.location_code!,
        iUnitTypeID: row.unit_type_id!,
        dcStdRate: row.new_street_rate!,
      })
    await crashed.send(RATE_UPLOAD_QUEUE, { upload_id: uploadRow!.id }, rateJobOptions(uploadRow!.id))
    const [job] = await crashed.fetch<{ upload_id: number }>(RATE_UPLOAD_QUEUE)
    expect(job?.data.upload_id).toBe(uploadRow!.id)
    await ctx.db
      .insert(jobLeases)
      .values({ job_id: job!.id, queue: RATE_UPLOAD_QUEUE, heartbeat_at: sql`now() - interval '1 hour'` })

    await waitProcessed(uploadRow!.id)
    const updates = ctx.ssm.requests.slice(before).filter((call) => call.method === 'UnitStandardRateUpdate')
    expect(updates.map((call) => call.params.iUnitTypeID)).toEqual(rows.map((row) => row.unit_type_id))
    const states = await ctx.db
      .select({ row_no: rateUploadRows.row_no, state: rateUploadRows.state, outcome: rateUploadRows.outcome })
      .from(rateUploadRows)
      .where(eq(rateUploadRows.upload_id, uploadRow!.id))
      .orderBy(rateUploadRows.row_no)
    expect(states).toEqual([
      { row_no: 2, state: 'applied', outcome: 'applied' },
      { row_no: 3, state: 'applied', outcome: 'applied (found in place after a restart)' },
      { row_no: 4, state: 'applied', outcome: 'applied' },
    ])
  })
})
