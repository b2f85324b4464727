import { parse } from 'csv-parse/sync'
import { and, desc, eq, inArray } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import type { LiveLog, RateChanges, RateUploadLog } from '@storageops/contracts/rates'
import { auditLog, locations, rateUploadLogs, rateUploadRows, rateUploads, settings, users } from '../../db/schema.ts'
import { useTestContext } from '../../test/context.ts'
import { multipartForm } from '../../test/multipart-form.ts'
import { writeLiveLog } from './rates.service.ts'
import { getUnitTypes } from './ssm-rates.ts'

const ctx = useTestContext()
let admin: string
let adminId: number

beforeAll(async () => {
  admin = await ctx.signInAdmin()
  const [me] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'))
  adminId = me!.id
})

type Kind = 'street_rate' | 'tenant_rate'
const records = (csv: string) => parse<Record<string, string>>(csv, { columns: true })

async function upload(kind: Kind, csv: string, name = 'rates.csv') {
  const form = await multipartForm({}, [{ field: 'file', name, data: csv, type: 'text/csv' }])
  return ctx.request({
    method: 'POST',
    url: `/api/${kind}/upload-csv`,
    host: 'admin.localhost',
    token: admin,
    headers: form.headers,
    payload: form.payload,
  })
}
const changes = async (kind: Kind) => (await ctx.adminCall('GET', `/api/${kind}/changes`, admin)).json<RateChanges>()
const example = async (kind: Kind) =>
  (
    await ctx.adminCall(
      'GET',
      kind === 'street_rate' ? '/Update-Unit-Type-Price-RM.csv' : '/Existing-Tenant-Rate-Increase-RM_V2.csv',
      admin,
    )
  ).body
const discard = (kind: Kind) => ctx.adminCall('POST', `/api/${kind}/discard`, admin)

/** Every publish on the live channel while `run` runs, still sent to the real channel. */
async function published(run: () => Promise<unknown>) {
  const seen: Array<{ page: string; event: string; payload: unknown }> = []
  const live = ctx.app.live
  const original = live.publish.bind(live)
  live.publish = (page, event, payload) => {
    seen.push({ page, event, payload })
    original(page, event, payload)
  }
  try {
    await run()
  } finally {
    live.publish = original
  }
  return seen
}

/** Street-rate rows of two facilities: each unit type of each 2 % up. */
async function twoFacilityStreetFile() {
  const facilities = await ctx.db
    .select({ code: locations.location_code, name: locations.name })
    .from(locations)
    .orderBy(desc(locations.location_code))
    .limit(2)
  const lines: string[] = []
  for (const facility of facilities)
    for (const type of (await getUnitTypes(ctx.app.ssm, facility.code)).slice(0, 2))
      lines.push(`${facility.code},${type.unit_type_id},${(Math.round(type.street_cents * 1.02) / 100).toFixed(2)}`)
  return { facilities, csv: ['location_code,unit_type_id,new_street_rate', ...lines].join('\n') }
}

test('an upload writes its live-log line and publishes it to the kind page watchers', async () => {
  const seen = await published(() => upload('street_rate', 'location_code,unit_type_id,new_street_rate\nNOPE,1,1.00'))
  const log = (await ctx.adminCall('GET', '/api/street_rate/live-log', admin)).json<LiveLog>()
  const last = log.entries.at(-1)!
  expect(last).toMatchObject({ log: 'Successfully uploaded CSV file!', isError: false })
  expect(seen).toEqual([
    {
      page: '/street-rate-upload',
      event: 'street_rate_upload_event',
      payload: {
        action: 'createLog',
        logInfo: { id: last.id, log: 'Successfully uploaded CSV file!' },
        isError: false,
      },
    },
  ])
  await discard('street_rate')
})

test('an item line goes out as the item event and an error line keeps its error mark', async () => {
  const seen = await published(async () => {
    await writeLiveLog(ctx.db, ctx.app.live, 'tenant_rate', null, 'Row 2: done', { item: true })
    await writeLiveLog(ctx.db, ctx.app.live, 'tenant_rate', null, 'Row 3: refused', { isError: true })
  })
  expect(seen.map(({ page, event, payload }) => [page, event, payload])).toEqual([
    [
      '/tenant-rate-upload',
      'tenant_rate_upload_item_event',
      { action: 'createLog', logInfo: { id: expect.any(Number), log: 'Row 2: done' }, isError: false },
    ],
    [
      '/tenant-rate-upload',
      'tenant_rate_upload_event',
      { action: 'createLog', logInfo: { id: expect.any(Number), log: 'Row 3: refused' }, isError: true },
    ],
  ])
  const rows = await ctx.db
    .select({ log: rateUploadLogs.log, item: rateUploadLogs.item, isError: rateUploadLogs.isError })
    .from(rateUploadLogs)
    .where(inArray(rateUploadLogs.log, ['Row 2: done', 'Row 3: refused']))
    .orderBy(rateUploadLogs.id)
  expect(rows).toEqual([
    { log: 'Row 2: done', item: true, isError: false },
    { log: 'Row 3: refused', item: false, isError: true },
  ])
})

test('a second upload replaces the pending one, audited with what it discarded; the file name is kept to 200 characters', async () => {
  await upload('street_rate', await example('street_rate'), 'first.csv')
  const first = (await changes('street_rate')).upload!
  const long = `${'r'.repeat(250)}.csv`
  await upload('street_rate', await example('street_rate'), long)
  const second = (await changes('street_rate')).upload!
  expect(second.id).not.toBe(first.id)
  expect(second.file_name).toBe(long.slice(0, 200))
  expect(second.userName).toBe('Alex Morgan')
  const [replaced] = await ctx.db.select().from(rateUploads).where(eq(rateUploads.id, first.id))
  expect(replaced!.status).toBe('discarded')
  const [audit] = await ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'street_rate'), eq(auditLog.entity_id, String(second.id))))
  expect(audit).toMatchObject({ action: 'upload', before: { discarded: [{ id: first.id }] } })
  expect(audit!.after).toMatchObject({ id: second.id, rows: 3, refused: 0 })
  await discard('street_rate')
  const [discardAudit] = await ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'discard'), eq(auditLog.entity_id, String(second.id))))
  expect(discardAudit).toMatchObject({ before: { status: 'pending' }, after: { status: 'discarded' } })
})

test('while an upload of a kind is processing, uploading, discarding and processing again answer 409', async () => {
  await upload('tenant_rate', await example('tenant_rate'))
  const pending = await changes('tenant_rate')
  await ctx.db.update(rateUploads).set({ status: 'processing' }).where(eq(rateUploads.id, pending.upload!.id))
  try {
    const busy = 'Rate changes are being processed. Upload again when they are done.'
    const again = await upload('tenant_rate', await example('tenant_rate'))
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(busy)
    const discarded = await discard('tenant_rate')
    expect([discarded.statusCode, discarded.json().message]).toEqual([409, busy])
    const processed = await ctx.adminCall('POST', '/api/tenant_rate/process', admin, {
      uploaded_at: pending.upload!.uploaded_at,
      user_id: adminId,
    })
    expect([processed.statusCode, processed.json().message]).toEqual([409, busy])
    // The other kind is not held up.
    expect((await upload('street_rate', await example('street_rate'))).statusCode).toBe(200)
    await discard('street_rate')
  } finally {
    await ctx.db.update(rateUploads).set({ status: 'discarded' }).where(eq(rateUploads.id, pending.upload!.id))
  }
})

test('the pending changes show each row old → new with its percent and revenue, totalled per facility by name', async () => {
  const { facilities, csv } = await twoFacilityStreetFile()
  expect((await upload('street_rate', csv)).json().counts).toEqual({ received: 4, pending: 4, errors: 0 })
  const pending = await changes('street_rate')
  const rows = await ctx.db
    .select()
    .from(rateUploadRows)
    .where(eq(rateUploadRows.upload_id, pending.upload!.id))
    .orderBy(rateUploadRows.row_no)
  expect(pending.units).toHaveLength(4)
  pending.units.forEach((unit, index) => {
    const row = rows[index]!
    const change = row.new_cents! - row.old_cents!
    expect(unit).toMatchObject({
      row: row.row_no,
      location_code: row.location_code,
      unit_type_id: row.unit_type_id,
      old_rate: row.old_cents! / 100,
      new_rate: row.new_cents! / 100,
      change: change / 100,
      change_percent: Math.round((change / row.old_cents!) * 10_000) / 100,
      monthly_revenue_change: (change * row.unit_count!) / 100,
      state: 'pending',
    })
    expect(row.unit_count).toBeGreaterThan(1)
  })
  const expected = [...facilities]
    .sort((a, b) => a.code.localeCompare(b.code))
    .map((facility) => ({
      location_code: facility.code,
      name: facility.name,
      monthly_change:
        rows
          .filter((row) => row.location_code === facility.code)
          .reduce((sum, row) => sum + (row.new_cents! - row.old_cents!) * row.unit_count!, 0) / 100,
    }))
  expect(pending.revenue.facilities).toEqual(expected)
  expect(pending.revenue.total).toBeCloseTo(
    expected.reduce((sum, facility) => sum + facility.monthly_change, 0),
    2,
  )
  expect(pending.upload).toMatchObject({ status: 'pending', file_name: 'rates.csv', userName: 'Alex Morgan' })
  expect(pending.upload!.uploaded_at).toMatch(/^\d{4}-\d\d-\d\dT/)
  await discard('street_rate')
})

test('a tenant change counts its own rent change as revenue; the errors list stops at 500', async () => {
  const [row] = records(await example('tenant_rate'))
  const header = 'location_code,tenant_id,lease_no,unit_no,current_rent,new_rent,effective_date'
  const line = Object.values(row!).join(',')
  const refused = Array.from({ length: 501 }, (_, index) => `NOPE${index},1,L1,U1,1.00,2.00,2099-01-01`)
  await upload('tenant_rate', [header, line, ...refused].join('\n'))
  const pending = await changes('tenant_rate')
  expect(pending.counts).toEqual({ received: 502, pending: 1, errors: 501 })
  expect(pending.errors).toHaveLength(500)
  expect(pending.errors[0]!.row).toBe(3)
  const change = Math.round(Number(row!.new_rent) * 100) - Math.round(Number(row!.current_rent) * 100)
  expect(pending.units[0]).toMatchObject({
    tenant_id: row!.tenant_id,
    lease_no: row!.lease_no,
    unit_no: row!.unit_no,
    effective_date: row!.effective_date,
    monthly_revenue_change: change / 100,
  })
  expect(pending.revenue.total).toBe(change / 100)
  await discard('tenant_rate')
})

test('the guardrail settings come from Settings, the notice days rounded; with none the defaults', async () => {
  const names = ['rate_max_increase_percent', 'rate_notice_days']
  const saved = await ctx.db.select().from(settings).where(inArray(settings.name, names))
  await ctx.db.delete(settings).where(inArray(settings.name, names))
  expect((await changes('street_rate')).settings).toEqual({ max_increase_percent: 25, notice_days: 30 })
  await ctx.db.insert(settings).values([
    { name: 'rate_max_increase_percent', value: '12.5' },
    { name: 'rate_notice_days', value: '44.6' },
  ])
  try {
    expect((await changes('street_rate')).settings).toEqual({ max_increase_percent: 12.5, notice_days: 45 })
    const [first] = records(await example('tenant_rate'))
    const start = new Date(`${new Date().toLocaleDateString('en-CA')}T00:00:00Z`)
    start.setUTCDate(start.getUTCDate() + 46)
    expect(first!.effective_date).toBe(start.toISOString().slice(0, 10))
    expect(first!.new_rent).toBe((Math.round(Number(first!.current_rent) * 100 * 1.05) / 100).toFixed(2))
  } finally {
    await ctx.db.delete(settings).where(inArray(settings.name, names))
    if (saved.length) await ctx.db.insert(settings).values(saved)
  }
})

test('the example file is the header alone when the system cannot be reached', async () => {
  ctx.ssm.failNext('GetLocationUnitTypes', -1, 'down')
  expect((await example('street_rate')).trim()).toBe('location_code,unit_type_id,new_street_rate')
})

test('PROCESS answers 404 without pending changes and 422 when every row has errors', async () => {
  const none = await ctx.adminCall('POST', '/api/street_rate/process', admin, {
    uploaded_at: new Date().toISOString(),
    user_id: adminId,
  })
  expect([none.statusCode, none.json().message, none.json().field]).toEqual([
    404,
    'There are no pending changes to process.',
    'uploaded_at',
  ])
  await upload('street_rate', 'location_code,unit_type_id,new_street_rate\nNOPE,1,1.00')
  const pending = await changes('street_rate')
  const refused = await ctx.adminCall('POST', '/api/street_rate/process', admin, {
    uploaded_at: pending.upload!.uploaded_at,
    user_id: adminId,
  })
  expect([refused.statusCode, refused.json().message]).toEqual([422, 'No row can be processed: every row has errors.'])
  expect((await discard('street_rate')).json().message).toBe('Pending changes discarded.')
  const [discarded] = await ctx.db.select().from(rateUploads).where(eq(rateUploads.id, pending.upload!.id))
  expect(discarded!.status).toBe('discarded')
})

test('the logs list processed uploads only, with when; the log CSV of a refused tenant row shows what was sent', async () => {
  const [row] = records(await example('tenant_rate'))
  const header = 'location_code,tenant_id,lease_no,unit_no,current_rent,new_rent,effective_date'
  await upload(
    'tenant_rate',
    [header, Object.values(row!).join(','), `${row!.location_code},77,L-9,Z9,1.5,2.345,`].join('\n'),
  )
  const pending = await changes('tenant_rate')
  const started = await ctx.adminCall('POST', '/api/tenant_rate/process', admin, {
    uploaded_at: pending.upload!.uploaded_at,
    user_id: adminId,
  })
  expect(started.statusCode).toBe(202)
  expect(started.json()).toMatchObject({ upload_id: pending.upload!.id, rows: 1 })
  const [processing] = await ctx.db.select().from(rateUploads).where(eq(rateUploads.id, pending.upload!.id))
  expect(processing).toMatchObject({ status: 'processing', processed_by: 'admin@example.com' })
  expect(processing!.processing_started_at).not.toBeNull()
  // The pending upload of the other kind is not listed.
  await upload('street_rate', await example('street_rate'))
  for (let tries = 0; tries < 400; tries++) {
    const [current] = await ctx.db.select().from(rateUploads).where(eq(rateUploads.id, pending.upload!.id))
    if (current?.status === 'processed') break
    await ctx.app.jobs.sweep()
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const logs = (await ctx.adminCall('GET', '/api/tenant_rate/logs', admin)).json<RateUploadLog[]>()
  expect(logs[0]).toMatchObject({
    id: pending.upload!.id,
    status: 'processed',
    numberOfRecords: 2,
    applied: 1,
    failed: 0,
  })
  expect(logs[0]!.processed_at).toMatch(/^\d{4}-/)
  expect(logs[0]!.undone_at).toBeNull()
  expect(logs[0]!.uploaded_at).toBe(pending.upload!.uploaded_at)
  expect(logs.every((log, index) => index === 0 || log.id < logs[index - 1]!.id)).toBe(true)
  const streetLogs = (await ctx.adminCall('GET', '/api/street_rate/logs', admin)).json<RateUploadLog[]>()
  expect(streetLogs.map((log) => log.status)).not.toContain('pending')

  const csv = records((await ctx.adminCall('GET', `/api/tenant_rate/logs/${pending.upload!.id}`, admin)).body)
  expect(csv[0]).toMatchObject({
    location_code: row!.location_code,
    tenant_id: row!.tenant_id,
    lease_no: row!.lease_no,
    unit_no: row!.unit_no,
    current_rent: Number(row!.current_rent).toFixed(2),
    new_rent: Number(row!.new_rent).toFixed(2),
    effective_date: row!.effective_date,
    state: 'applied',
  })
  expect(csv[1]).toMatchObject({
    location_code: row!.location_code,
    tenant_id: '77',
    lease_no: 'L-9',
    unit_no: 'Z9',
    current_rent: '1.5',
    new_rent: '2.345',
    effective_date: '',
    state: 'invalid',
  })
  expect(csv[1]!.outcome).toMatch(/^Row 3, \S+: .+\. Row 3, /)
  const wrongKind = await ctx.adminCall('GET', `/api/street_rate/logs/${pending.upload!.id}`, admin)
  expect([wrongKind.statusCode, wrongKind.json().message]).toEqual([
    404,
    `No street rate upload ${pending.upload!.id}.`,
  ])

  const blocked = await ctx.adminCall('POST', `/api/street_rate/logs/${streetLogs[0]!.id}/undo`, admin)
  expect([blocked.statusCode, blocked.json().message]).toEqual([409, 'Process or discard the pending changes first.'])
  await discard('street_rate')
  const undo = await ctx.adminCall('POST', `/api/tenant_rate/logs/${pending.upload!.id}/undo`, admin)
  expect(undo.statusCode).toBe(202)
  expect(undo.json()).toMatchObject({ upload_id: pending.upload!.id, rows: 1 })
  const [undoing] = await ctx.db.select().from(rateUploads).where(eq(rateUploads.id, pending.upload!.id))
  expect(undoing!.undone_by).toBe('admin@example.com')
  const [audit] = await ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'undo'), eq(auditLog.entity_id, String(pending.upload!.id))))
  expect(audit).toMatchObject({ entity: 'tenant_rate', before: { status: 'processed' }, after: { status: 'undoing' } })
})
