import fs from 'node:fs'
import path from 'node:path'
import { and, eq, inArray, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { CommunicationTemplate } from '@storageops/contracts/communications'
import type { LeaseTerminationsPage } from '@storageops/contracts/lease-terminations'
import { communications, leaseTerminations, locations } from '../../db/schema.ts'
import { runNoticeBatch } from './lease-termination-notices.job.ts'
import { createTestContext, type TestContext } from '../../test/context.ts'
import { eventually, startMessagingStandIns, type MessagingStandIns } from '../../test/messaging-stand-ins.ts'

let ctx: TestContext
let standIns: MessagingStandIns
let admin: string
const ADMIN = 'admin.localhost'
const FACILITY = 'TX100'
const PACING_SECONDS = 0.4

beforeAll(async () => {
  standIns = await startMessagingStandIns()
  ctx = await createTestContext({ env: { ...standIns.env, NOTICE_PACING_SECONDS: String(PACING_SECONDS) } })
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  admin = await ctx.signInAdmin()
})
afterAll(async () => {
  await ctx.close()
  await standIns.close()
})

const post = (url: string, payload: object, token = admin) =>
  ctx.request({ method: 'POST', url, host: ADMIN, token, payload })
const get = (url: string, token = admin) => ctx.request({ method: 'GET', url, host: ADMIN, token })

type Unit = { UnitNumber: string[]; UnitStatus: string[]; TenantId: string[]; TenantName: string[] }
const unitsList = async () =>
  (
    await post('/api/ssm', {
      service_name: 'GetUnitsList',
      xml_body: { strLocationCode: FACILITY, strSearchType: '4', strSearchString: '', strSortType: '0' },
    })
  ).json<{ Unit: Unit[] }>().Unit

/** Units of tenants with two units and of tenants with one, from the system. */
async function tenantsWithUnits() {
  const byTenant = new Map<string, string[]>()
  for (const unit of await unitsList())
    if (unit.UnitStatus[0] === 'Rented')
      byTenant.set(unit.TenantId[0]!, [...(byTenant.get(unit.TenantId[0]!) ?? []), unit.UnitNumber[0]!])
  const entries = [...byTenant.entries()]
  return {
    pairs: entries.filter(([, units]) => units.length === 2),
    singles: entries.filter(([, units]) => units.length === 1),
  }
}

const future = (days = 30) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA')
const valid = (units: string[]) => ({
  locationCode: FACILITY,
  unit_numbers: units,
  termination_type: 'NON-RENEWAL',
  form_date: future(),
  time: '17:00',
  reason_and_notes: 'Breach of Lease: Non-payment of rent and fees - Balance unpaid since May',
})

describe('units from the storage-management system (POST /api/ssm)', () => {
  test('GetAllUnits lists unit records; GetUnitsList gives every unit with UnitStatus, TenantId and TenantName', async () => {
    const all = await post('/api/ssm', { service_name: 'GetAllUnits', xml_body: { strLocationCode: FACILITY } })
    expect(all.statusCode, all.body).toBe(200)
    expect(all.json().Record[0].UNITEXTERNALID).toHaveLength(1)
    const units = await unitsList()
    const rented = units.filter((unit) => unit.UnitStatus[0] === 'Rented')
    expect(rented.length).toBeGreaterThan(50)
    expect(rented.every((unit) => Number(unit.TenantId[0]) > 0 && unit.TenantName[0])).toBe(true)
    const { pairs } = await tenantsWithUnits()
    expect(pairs.length).toBeGreaterThan(0)
  })

  test('unit calls need the Lease Terminations page; sign-in stays public', async () => {
    const call = { service_name: 'GetAllUnits', xml_body: { strLocationCode: FACILITY } }
    expect((await post('/api/ssm', call, '')).statusCode).toBe(401)
    expect((await post('/api/ssm', call, await ctx.signInAdmin('editor@example.com'))).statusCode).toBe(403)
    expect((await post('/api/ssm', call, await ctx.signInAdmin('cs@example.com'))).statusCode).toBe(200)
    expect((await post('/api/ssm', { ...call, xml_body: { strLocationCode: 'ZZ999' } })).statusCode).toBe(404)
    expect(await ctx.signInField()).toBeTruthy()
  })
})

describe('Generate Lease Termination', () => {
  test('each required field is checked by the server, with the field named', async () => {
    const { singles } = await tenantsWithUnits()
    const units = [singles[0]![1][0]!]
    const cases: Array<[object, string]> = [
      [{ unit_numbers: [] }, 'unit_numbers'],
      [{ locationCode: '' }, 'locationCode'],
      [{ termination_type: 'Eviction' }, 'termination_type'],
      [{ form_date: '07/31/2026' }, 'form_date'],
      [{ form_date: '2020-01-01' }, 'form_date'],
      [{ time: '25:00' }, 'time'],
      [{ reason_and_notes: 'Because' }, 'reason_and_notes'],
    ]
    for (const [change, field] of cases) {
      const response = await post('/api/notices/lease_termination_notice', { ...valid(units), ...change })
      expect(response.statusCode, JSON.stringify(change)).toBe(400)
      expect(response.json().field).toBe(field)
    }
  })

  test('only Rented units: a vacant or unknown unit is refused and nothing is recorded', async () => {
    const vacant = (await unitsList()).find((unit) => unit.UnitStatus[0] === 'Vacant')!.UnitNumber[0]!
    const before = (await ctx.db.select().from(leaseTerminations)).length
    const refused = await post('/api/notices/lease_termination_notice', valid([vacant]))
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ field: 'unit_numbers', message: `Unit ${vacant} is not rented (Vacant).` })
    expect((await post('/api/notices/lease_termination_notice', valid(['NOPE1']))).json().field).toBe('unit_numbers')
    expect((await ctx.db.select().from(leaseTerminations)).length).toBe(before)
  })

  test('unit_numbers is taken as a list of unit numbers or as a list of { title } (spec: part 2 §3 "list of title")', async () => {
    const { singles } = await tenantsWithUnits()
    const [first, second] = [singles[2]![1][0]!, singles[3]![1][0]!]
    const response = await post('/api/notices/lease_termination_notice', {
      ...valid([]),
      unit_numbers: [{ title: first }, { title: ` ${second} ` }],
    })
    expect(response.statusCode, response.body).toBe(202)
    const ids = response.json<{ ids: number[] }>().ids
    const rows = await ctx.db.select().from(leaseTerminations).where(inArray(leaseTerminations.id, ids))
    expect(rows.flatMap((row) => row.units).sort()).toEqual([first, second].sort())
    const refused = await post('/api/notices/lease_termination_notice', {
      ...valid([]),
      unit_numbers: [{ name: first }],
    })
    expect([refused.statusCode, refused.json().field]).toEqual([400, 'unit_numbers.0'])
  })

  test('units are grouped by tenant: one notice each, sent one at a time and spaced, with a PDF and the tenant emailed', async () => {
    const { pairs, singles } = await tenantsWithUnits()
    const units = [...pairs[0]![1], singles[0]![1][0]!, singles[1]![1][0]!]
    const response = await post('/api/notices/lease_termination_notice', valid(units))
    expect(response.statusCode, response.body).toBe(202)
    expect(response.json()).toMatchObject({ message: 'Done. Notices will be sent out shortly!', notices: 3 })
    const ids = response.json<{ ids: number[] }>().ids
    const rows = await eventually(async () => {
      const found = await ctx.db.select().from(leaseTerminations).where(inArray(leaseTerminations.id, ids))
      return found.every((row) => row.status === 'sent') && found
    })
    expect(rows.find((row) => row.tenant_id === pairs[0]![0])!.units.sort()).toEqual([...pairs[0]![1]].sort())
    const times = rows.map((row) => row.sent_at!.getTime()).sort((a, b) => a - b)
    for (let index = 1; index < times.length; index++)
      expect(times[index]! - times[index - 1]!).toBeGreaterThanOrEqual(PACING_SECONDS * 1000 - 20)

    const page = (await get('/api/lease_terminations?limit=10&offset=0')).json<LeaseTerminationsPage>()
    const listed = page.rows.find((row) => row.id === ids[0])!
    expect(listed).toMatchObject({
      location: { location_code: FACILITY },
      termination_type: 'Non-renewal',
      termination_time: '17:00',
      viewed_at: null,
    })
    expect(listed.notice_path).toMatch(/^\/img\/lease-termination-[0-9a-f]{32}\.pdf$/)
    const pdf = fs.readFileSync(path.join(ctx.filesDir, path.basename(listed.notice_path!)))
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')

    const messages = await eventually(async () => {
      const found = await ctx.db
        .select()
        .from(communications)
        .where(
          inArray(
            communications.idempotency_key,
            ids.map((id) => `lease-termination/${id}#email`),
          ),
        )
      return found.length === 3 && found.every((row) => row.status === 'sent') && found
    })
    expect(messages[0]!.subject).toMatch(/^Notice of lease non-renewal: /)
    expect(messages[0]!.html_body).toContain('/notice/')
  })

  test('two identical submits 42 ms apart send one notice: the second is 409 naming the first, and so is a later one', async () => {
    const { singles } = await tenantsWithUnits()
    const units = [singles[4]![1][0]!, singles[5]![1][0]!]
    const body = { ...valid(units), form_date: future(45) }
    const [first, second] = await Promise.all([
      post('/api/notices/lease_termination_notice', body),
      new Promise((resolve) => setTimeout(resolve, 42)).then(() => post('/api/notices/lease_termination_notice', body)),
    ])
    const statuses = [first.statusCode, second.statusCode].sort()
    expect(statuses, `${first.body} ${second.body}`).toEqual([202, 409])
    const [accepted, refused] = first.statusCode === 202 ? [first, second] : [second, first]
    const ids = accepted.json<{ ids: number[] }>().ids
    expect(ids).toHaveLength(2)
    expect(refused.json()).toMatchObject({ error: 'conflict', field: 'unit_numbers' })
    expect(
      refused
        .json()
        .existing.map((entry: { id: number }) => entry.id)
        .sort(),
    ).toEqual([...ids].sort())
    for (const id of ids) expect(refused.json().message).toContain(`lease termination ${id} (`)

    const rows = await eventually(async () => {
      const found = await ctx.db.select().from(leaseTerminations).where(inArray(leaseTerminations.id, ids))
      return found.every((row) => row.status === 'sent') && found
    })
    const later = await post('/api/notices/lease_termination_notice', { ...body, unit_numbers: [units[1]!] })
    expect(later.statusCode).toBe(409)
    expect(later.json().message).toMatch(/^A notice for the same termination date already exists: unit .+ \(sent\)/)
    const sameUnits = await ctx.db
      .select()
      .from(leaseTerminations)
      .where(and(eq(leaseTerminations.termination_date, body.form_date), eq(leaseTerminations.location_code, FACILITY)))
    expect(sameUnits.map((row) => row.id).sort()).toEqual([...ids].sort())

    // What reached the stand-ins: one email and one text per tenant.
    await eventually(async () => {
      const queued = await ctx.db
        .select()
        .from(communications)
        .where(like(communications.idempotency_key, `lease-termination/%`))
      return queued
        .filter((row) => ids.some((id) => row.idempotency_key.startsWith(`lease-termination/${id}#`)))
        .every((row) => row.status === 'sent' || row.status === 'delivered')
    })
    for (const row of rows) {
      const emails = standIns.smtp.acceptedKeys.filter((key) => key === `lease-termination/${row.id}#email`)
      const texts = standIns.sms.messages.filter((message) => message.body.includes(`/notice/${row.id}?`))
      expect([emails.length, texts.length], `tenant ${row.tenant_id}`).toEqual([1, 1])
    }
  })

  test('the same units may have notices for another termination date', async () => {
    const { singles } = await tenantsWithUnits()
    const units = [singles[4]![1][0]!]
    const response = await post('/api/notices/lease_termination_notice', { ...valid(units), form_date: future(46) })
    expect(response.statusCode, response.body).toBe(202)
  })

  test('a batch keeps the text it was submitted with: a template saved mid-send changes only later batches', async () => {
    const templates = (await get('/api/communication_templates')).json<CommunicationTemplate[]>()
    const template = templates.find((entry) => entry.key === 'lease_termination_notice')!
    const { singles } = await tenantsWithUnits()
    const date = future(50)
    const submitted = await post('/api/notices/lease_termination_notice', {
      ...valid(singles.slice(6, 12).map(([, units]) => units[0]!)),
      form_date: date,
    })
    expect(submitted.statusCode, submitted.body).toBe(202)
    const ids = submitted.json<{ ids: number[] }>().ids
    expect(ids).toHaveLength(6)
    await eventually(async () => {
      const [first] = await ctx.db.select().from(leaseTerminations).where(eq(leaseTerminations.id, ids[0]!))
      return first!.status === 'sent'
    })
    const edited = {
      sms_body: `Changed mid-send: ${template.sms_body}`,
      email_subject: `Changed mid-send: ${template.email_subject}`,
      email_body: template.email_body,
    }
    const saved = await ctx.request({
      method: 'PUT',
      url: `/api/communication_templates/${template.id}`,
      host: ADMIN,
      token: admin,
      payload: edited,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json<CommunicationTemplate>().sending).toEqual({ batches: 1, notices_left: expect.any(Number) })
    expect(saved.json<CommunicationTemplate>().sending!.notices_left).toBeGreaterThan(0)

    const later = await post('/api/notices/lease_termination_notice', {
      ...valid([singles[12]![1][0]!]),
      form_date: date,
    })
    expect(later.statusCode, later.body).toBe(202)
    const laterId = later.json<{ ids: number[] }>().ids[0]!
    await eventually(async () => {
      const found = await ctx.db
        .select()
        .from(leaseTerminations)
        .where(inArray(leaseTerminations.id, [...ids, laterId]))
      return found.every((row) => row.status === 'sent')
    }, 30_000)
    const messages = (
      await ctx.db.select().from(communications).where(like(communications.idempotency_key, 'lease-termination/%'))
    ).filter((row) => [...ids, laterId].some((id) => row.idempotency_key.startsWith(`lease-termination/${id}#`)))
    expect(messages.filter((row) => row.method === 'email').length).toBe(7)
    const ofBatch = messages.filter((row) => !row.idempotency_key.startsWith(`lease-termination/${laterId}#`))
    expect(new Set(ofBatch.filter((row) => row.method === 'email').map((row) => row.subject!.split(':')[0]))).toEqual(
      new Set(['Notice of lease non-renewal']),
    )
    expect(ofBatch.filter((row) => row.method === 'sms').every((row) => !row.text_body!.includes('Changed'))).toBe(true)
    const laterEmail = messages.find((row) => row.idempotency_key === `lease-termination/${laterId}#email`)!
    expect(laterEmail.subject).toMatch(/^Changed mid-send: Notice of lease non-renewal/)
    expect((await get(`/api/communication_templates/${template.id}`)).json<CommunicationTemplate>().sending).toBeNull()
    await ctx.request({
      method: 'PUT',
      url: `/api/communication_templates/${template.id}`,
      host: ADMIN,
      token: admin,
      payload: { sms_body: template.sms_body, email_subject: template.email_subject, email_body: template.email_body },
    })
  })

  test('the notice never changes after it is sent: running the batch again touches nothing', async () => {
    const [sent] = await ctx.db.select().from(leaseTerminations).where(eq(leaseTerminations.status, 'sent')).limit(1)
    const file = path.join(ctx.filesDir, sent!.notice_file!)
    const before = fs.readFileSync(file)
    const mtime = fs.statSync(file).mtimeMs
    await runNoticeBatch({ db: ctx.db, files: ctx.files, pacingSeconds: 0, linkFor: () => 'http://x' }, sent!.batch_id)
    expect(fs.readFileSync(file).equals(before)).toBe(true)
    expect(fs.statSync(file).mtimeMs).toBe(mtime)
  })

  test("the tenant's signed link: HEAD, prefetches and image fetches do not count; the first opening sets viewed_at once", async () => {
    const [message] = await ctx.db
      .select()
      .from(communications)
      .where(and(eq(communications.method, 'email'), like(communications.idempotency_key, 'lease-termination/%')))
      .orderBy(communications.id)
    const link = new URL((message!.data as { notice_url: string }).notice_url)
    const id = Number(link.pathname.split('/').pop())
    const viewedAt = async () =>
      (await ctx.db.select().from(leaseTerminations).where(eq(leaseTerminations.id, id)))[0]!.viewed_at
    const open = (method: 'GET' | 'HEAD', headers: Record<string, string>, url = `${link.pathname}${link.search}`) =>
      ctx.request({ method, url, host: 'admin.localhost', headers })
    expect((await open('HEAD', { accept: 'text/html' })).statusCode).toBe(200)
    expect((await open('GET', { accept: 'image/avif,image/webp,*/*', 'sec-fetch-dest': 'image' })).statusCode).toBe(200)
    expect((await open('GET', { accept: 'text/html', 'sec-purpose': 'prefetch' })).statusCode).toBe(200)
    expect(await viewedAt()).toBeNull()
    const page = await open('GET', { accept: 'text/html,application/xhtml+xml', 'sec-fetch-dest': 'document' })
    expect(page.body).toContain('Open the notice (PDF)')
    const first = await viewedAt()
    expect(first).not.toBeNull()
    await open('GET', { accept: 'text/html' })
    expect((await viewedAt())!.getTime()).toBe(first!.getTime())
    expect((await open('GET', { accept: 'text/html' }, `/notice/${id}?sig=forged`)).statusCode).toBe(404)
  })

  test('the CSV has the spec columns, every row, and neutralises cells that start with = + - @', async () => {
    await ctx.db
      .update(locations)
      .set({ name: '=HYPERLINK("http://evil")' })
      .where(eq(locations.location_code, FACILITY))
    const response = await get('/api/lease_terminations/csv')
    await ctx.db.update(locations).set({ name: 'Austin' }).where(eq(locations.location_code, FACILITY))
    expect(response.headers['content-disposition']).toBe('attachment; filename="lease_termination_history.csv"')
    const lines = response.body.trim().split('\r\n')
    expect(lines[0]).toBe(
      'id,facility,units,sent_at,termination_type,reason,termination_date,termination_time,viewed_at,createdAt',
    )
    expect(lines.length - 1).toBe((await ctx.db.select().from(leaseTerminations)).length)
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`)
  })

  test('history is 10 per page by default, and the pages need the Lease Terminations permission', async () => {
    expect((await get('/api/lease_terminations')).json<LeaseTerminationsPage>().rows.length).toBeLessThanOrEqual(10)
    const editor = await ctx.signInAdmin('editor@example.com')
    expect((await get('/api/lease_terminations', editor)).statusCode).toBe(403)
    expect((await get('/api/lease_terminations/csv', editor)).statusCode).toBe(403)
  })
})
