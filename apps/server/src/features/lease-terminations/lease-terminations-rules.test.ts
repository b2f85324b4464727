import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { LeaseTerminationsPage } from '@storageops/contracts/lease-terminations'
import { startSsmSimulator, type SsmSimulator, type SsmTenant, type SsmUnit } from '@storageops/ssm-simulator/simulator'
import {
  auditLog,
  communicationTemplates,
  leaseTerminationBatches,
  leaseTerminations,
  locations,
  snapshotLocations,
} from '../../db/schema.ts'
import type { Env } from '../../env.ts'
import { ssmClientFor } from '../../integrations/ssm/client.ts'
import { useTestContext } from '../../test/context.ts'
import { replacingTransactions, uniqueViolation } from '../../test/staged-transactions.ts'
import { noticeLink, noticeLinkSecret, noticeSignature, submitLeaseTermination } from './lease-terminations.service.ts'
import { getTenantInfo, listUnitTenancies, type SsmUnitTenancy } from './ssm-units.service.ts'

const ctx = useTestContext({ env: { NOTICE_PACING_SECONDS: '0' } })
let admin: string
let tenancies: SsmUnitTenancy[]
const FACILITY = 'TX100'
const ADMIN = 'admin.localhost'

beforeAll(async () => {
  admin = await ctx.signInAdmin()
  tenancies = await listUnitTenancies(ctx.app.ssm, FACILITY)
})

/** Waits until the notice job has sent (or failed) every notice of `ids`, so a test's own changes are not overwritten. */
async function settled(ids: number[]) {
  for (let tries = 0; tries < 600; tries++) {
    const rows = await ctx.db.select().from(leaseTerminations).where(inArray(leaseTerminations.id, ids))
    if (rows.every((row) => row.status !== 'pending')) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`notices ${ids.join(', ')} were never sent`)
}

const today = () => new Date().toLocaleDateString('en-CA')
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA')
const SYSTEM = { kind: 'system', name: 'lease-terminations-rules' } as const
const submit = (body: object) => ctx.adminCall('POST', '/api/notices/lease_termination_notice', admin, body)
const request = (units: string[], patch: object = {}) => ({
  locationCode: FACILITY,
  unit_numbers: units,
  termination_type: 'Termination',
  form_date: today(),
  time: '09:30',
  reason_and_notes: 'Breach of Lease: Non-payment of rent and fees - Balance unpaid since May',
  ...patch,
})

/** Rented units of the facility, one per tenant, as the system listed them. */
function rentedUnits() {
  const seen = new Set<string>()
  return tenancies.filter((unit) => {
    if (unit.status !== 'Rented' || seen.has(unit.tenant_id)) return false
    seen.add(unit.tenant_id)
    return true
  })
}

describe('Generate Lease Termination', () => {
  test('a notice for today, units named in any case, records the tenant from the system and audits the batch', async () => {
    const units = rentedUnits().slice(10, 12)
    const response = await submit(
      request(
        units.map((unit) => unit.unit_no.toLowerCase()),
        { locationCode: FACILITY.toLowerCase() },
      ),
    )
    expect(response.statusCode, response.body).toBe(202)
    const accepted = response.json<{ message: string; batch_id: number; notices: number; ids: number[] }>()
    expect(accepted).toMatchObject({ message: 'Done. Notices will be sent out shortly!', notices: 2 })
    expect(accepted.ids).toHaveLength(2)
    const [batch] = await ctx.db
      .select()
      .from(leaseTerminationBatches)
      .where(eq(leaseTerminationBatches.id, accepted.batch_id))
    expect(batch).toMatchObject({ location_code: FACILITY, requested_by: 'admin@example.com' })
    const rows = await ctx.db
      .select()
      .from(leaseTerminations)
      .where(inArray(leaseTerminations.id, accepted.ids))
      .orderBy(leaseTerminations.id)
    for (const [index, unit] of units.entries()) {
      const contact = (await getTenantInfo(ctx.app.ssm, FACILITY, unit.tenant_id))!
      expect(rows[index]).toMatchObject({
        batch_id: accepted.batch_id,
        location_code: FACILITY,
        tenant_id: unit.tenant_id,
        tenant_name: `${contact.first_name} ${contact.last_name}`.trim(),
        tenant_email: contact.email,
        tenant_phone: contact.cell_phone,
        units: [unit.unit_no],
        termination_type: 'Termination',
        reason: 'Breach of Lease: Non-payment of rent and fees - Balance unpaid since May',
        termination_date: today(),
        termination_time: '09:30',
      })
      expect(rows[index]!.token).toMatch(/^[0-9a-f]{32}$/)
    }
    expect(rows[0]!.token).not.toBe(rows[1]!.token)
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'lease_termination'))
    expect(audit).toMatchObject({ action: 'create', entity_id: String(accepted.batch_id), before: null })
    const recorded = (audit!.after as { lease_terminations: Array<Record<string, unknown>> }).lease_terminations
    expect(recorded.map((row) => row.id)).toEqual(rows.map((row) => row.id))
    expect(recorded.every((row) => !('token' in row))).toBe(true)
  })

  test('a date that is no date, or yesterday, is refused naming form_date', async () => {
    const [unit] = rentedUnits()
    const notADate = await submit(request([unit!.unit_no], { form_date: '2030-13-01' }))
    expect([notADate.statusCode, notADate.json().message, notADate.json().field]).toEqual([
      400,
      'form_date is not a date.',
      'form_date',
    ])
    const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString('en-CA')
    const past = await submit(request([unit!.unit_no], { form_date: yesterday }))
    expect([past.statusCode, past.json().message, past.json().field]).toEqual([
      400,
      'The termination date cannot be in the past.',
      'form_date',
    ])
  })

  test('a unit not at the facility is named in the refusal; the system down answers 502', async () => {
    const [location] = await ctx.db.select().from(locations).where(eq(locations.location_code, FACILITY))
    const unknown = await submit(request(['NOPE1']))
    expect(unknown.json()).toMatchObject({
      message: `Unit NOPE1 is not a unit of ${location!.name}.`,
      field: 'unit_numbers',
    })
    const vacant = tenancies.find((unit) => unit.status === 'Vacant')!
    expect((await submit(request([vacant.unit_no]))).json()).toMatchObject({
      message: `Unit ${vacant.unit_no} is not rented (Vacant).`,
      field: 'unit_numbers',
    })
    const [unit] = rentedUnits()
    const before = (await ctx.db.select().from(leaseTerminations)).length
    ctx.ssm.failNext('GetUnitsList', -1, 'Units are not available')
    const down = await submit(request([unit!.unit_no]))
    expect(down.statusCode).toBe(502)
    expect(down.json().message).toContain('Units are not available')
    ctx.ssm.failNext('GetTenantInfoByTenantID', -1, 'Tenants are not available')
    const tenantDown = await submit(request([unit!.unit_no]))
    expect(tenantDown.statusCode).toBe(502)
    expect(tenantDown.json().message).toContain('Tenants are not available')
    expect((await ctx.db.select().from(leaseTerminations)).length).toBe(before)
  })

  test('a unit already noticed for the date is 409 naming each notice by unit number; nothing is recorded again', async () => {
    const units = rentedUnits().slice(1, 3)
    const date = inDays(70)
    const { ids } = (
      await submit(
        request(
          units.map((unit) => unit.unit_no),
          { form_date: date },
        ),
      )
    ).json<{ ids: number[] }>()
    await settled(ids)
    await ctx.db
      .update(leaseTerminations)
      .set({ status: 'failed', error: 'No email address', sent_at: null })
      .where(eq(leaseTerminations.id, ids[1]!))
    const [sent] = await ctx.db.select().from(leaseTerminations).where(eq(leaseTerminations.id, ids[0]!))
    const before = (await ctx.db.select().from(leaseTerminations)).length
    // Another tenant's unit free on that date, and the two taken ones named in the other order.
    const again = await submit(
      request([rentedUnits()[3]!.unit_no, units[1]!.unit_no, units[0]!.unit_no], { form_date: date }),
    )
    const existing = [
      { id: ids[0], unit_no: units[0]!.unit_no, status: 'sent', sent_at: sent!.sent_at!.toISOString() },
      { id: ids[1], unit_no: units[1]!.unit_no, status: 'failed', sent_at: null },
    ].sort((a, b) => (a.unit_no < b.unit_no ? -1 : 1))
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({
      error: 'conflict',
      message: `A notice for the same termination date already exists: ${existing
        .map((entry) => `unit ${entry.unit_no} in lease termination ${entry.id} (${entry.status})`)
        .join(', ')}. Nothing was sent again.`,
      field: 'unit_numbers',
      existing,
    })
    expect((await ctx.db.select().from(leaseTerminations)).length).toBe(before)
  })

  test('a submit that meets the index before the racing one is visible is 409 all the same; another failure is passed on', async () => {
    const input = {
      ...request([rentedUnits()[4]!.unit_no], { form_date: inDays(71) }),
      termination_type: 'Termination' as const,
    }
    const raced = replacingTransactions(ctx.db, () => Promise.reject(uniqueViolation()))
    await expect(submitLeaseTermination(raced, ctx.app.ssm, input, SYSTEM)).rejects.toMatchObject({
      statusCode: 409,
      code: 'conflict',
      message:
        'A notice for the same units and termination date was submitted at the same time. Nothing was sent again.',
      field: 'unit_numbers',
      extra: { existing: [] },
    })
    const failure = new Error('disk full')
    await expect(
      submitLeaseTermination(
        replacingTransactions(ctx.db, () => Promise.reject(failure)),
        ctx.app.ssm,
        input,
        SYSTEM,
      ),
    ).rejects.toBe(failure)
  })

  test("the batch keeps the facility as it is at submit, its own phone else the snapshot's, and the day it was issued", async () => {
    const [template] = await ctx.db
      .select()
      .from(communicationTemplates)
      .where(eq(communicationTemplates.key, 'lease_termination_notice'))
    const [location] = await ctx.db.select().from(locations).where(eq(locations.location_code, FACILITY))
    const [details] = await ctx.db.select().from(snapshotLocations).where(eq(snapshotLocations.location_code, FACILITY))
    const batchOf = async (unit: SsmUnitTenancy) => {
      const response = await submit(request([unit.unit_no], { form_date: inDays(72) }))
      const { batch_id, ids } = response.json<{ batch_id: number; ids: number[] }>()
      await settled(ids)
      return (await ctx.db.select().from(leaseTerminationBatches).where(eq(leaseTerminationBatches.id, batch_id)))[0]!
    }
    const { name, address, city, state, zip } = location!
    try {
      await ctx.db
        .update(snapshotLocations)
        .set({ phone: '(512) 555-0199' })
        .where(eq(snapshotLocations.location_code, FACILITY))
      const own = await batchOf(rentedUnits()[5]!)
      expect(own.template_id).toBe(template!.id)
      expect(own.content).toEqual({
        parts: {
          sms_body: template!.sms_body,
          email_subject: template!.email_subject,
          email_body: template!.email_body,
        },
        facility: { name, address, city, state, zip, phone: location!.phone },
        issued_on: today(),
      })
      await ctx.db.update(locations).set({ phone: null }).where(eq(locations.location_code, FACILITY))
      const fallback = await batchOf(rentedUnits()[6]!)
      expect(fallback.content!.facility.phone).toBe('(512) 555-0199')
    } finally {
      await ctx.db.update(locations).set({ phone: location!.phone }).where(eq(locations.location_code, FACILITY))
      await ctx.db
        .update(snapshotLocations)
        .set({ phone: details!.phone })
        .where(eq(snapshotLocations.location_code, FACILITY))
    }
  })

  test("a tenant the system has no details for keeps the units list's name, with no email or phone", async () => {
    const unit = rentedUnits()[7]!
    ctx.ssm.failNext('GetTenantInfoByTenantID', 0, `No tenant ${unit.tenant_id}`)
    const response = await submit(request([unit.unit_no], { form_date: inDays(73) }))
    expect(response.statusCode, response.body).toBe(202)
    const [row] = await ctx.db
      .select()
      .from(leaseTerminations)
      .where(eq(leaseTerminations.id, response.json<{ ids: number[] }>().ids[0]!))
    expect(row).toMatchObject({
      tenant_id: unit.tenant_id,
      tenant_name: unit.tenant_name,
      tenant_email: null,
      tenant_phone: null,
    })
  })
})

describe('units and tenants as the system lists them', () => {
  let system: SsmSimulator
  const unit = (unit_no: string, unit_id: string, status = 'Rented'): SsmUnit => ({
    unit_id,
    unit_no,
    unit_type_id: 1,
    category_name: 'Standard',
    description: '5x5 Standard',
    width: 5,
    length: 5,
    status,
    system: false,
  })
  const tenant = (tenant_id: number, first_name: string, last_name: string, unit_no: string): SsmTenant => ({
    tenant_id,
    first_name,
    last_name,
    email: '',
    cell_phone: '',
    address: '',
    city: '',
    state: '',
    zip: '',
    units: [{ lease_number: `L-${tenant_id}`, unit_no }],
  })

  beforeAll(async () => {
    system = await startSsmSimulator({
      credentials: { corpCode: ctx.env.SSM_CORP_CODE, user: ctx.env.SSM_USER, password: ctx.env.SSM_PASSWORD },
      data: {
        employees: [],
        unitsFor: (code) => (code === FACILITY ? [unit('b12', '1'), unit('C7', '2'), unit('D9', '3')] : undefined),
        // C7 is rented with no tenant record: the system lists it with an id of its own and no name.
        tenantsFor: () => [tenant(71, 'Ana', '', 'b12'), tenant(0, 'Zero', 'Tenant', 'D9')],
      },
    })
  })
  afterAll(() => system.close())

  const submitTo = (units: string[]) =>
    submitLeaseTermination(
      ctx.db,
      ssmClientFor(ctx.env, system.url),
      { ...request(units, { form_date: inDays(74) }), termination_type: 'Termination' },
      SYSTEM,
    )
  const stored = async (id: number) =>
    (await ctx.db.select().from(leaseTerminations).where(eq(leaseTerminations.id, id)))[0]!

  test("a unit number the system writes in lower case is found; the tenant's name is trimmed, no email or phone kept", async () => {
    const { ids } = await submitTo(['B12'])
    expect(await stored(ids[0]!)).toMatchObject({
      units: ['b12'],
      tenant_id: '71',
      tenant_name: 'Ana',
      tenant_email: null,
      tenant_phone: null,
    })
  })

  test('a rented unit of a tenant the system has neither details nor a name for is named by tenant id', async () => {
    const { ids } = await submitTo(['C7'])
    expect(await stored(ids[0]!)).toMatchObject({ tenant_id: '500002', tenant_name: 'Tenant 500002' })
  })

  test("a tenant's empty contact fields are null, the names kept as the system wrote them", async () => {
    expect(await getTenantInfo(ssmClientFor(ctx.env, system.url), FACILITY, '71')).toEqual({
      first_name: 'Ana',
      last_name: '',
      email: null,
      cell_phone: null,
      address: null,
      city: null,
      state: null,
      zip: null,
    })
  })

  test('a rented unit whose tenant id is 0 is refused naming unit_numbers', async () => {
    await expect(submitTo(['D9'])).rejects.toMatchObject({ statusCode: 400, field: 'unit_numbers' })
  })
})

describe("the system's unit tables for the form (POST /api/ssm GetAllUnits and GetUnitsList)", () => {
  const ssmCall = (service_name: string, xml_body: object) =>
    ctx.adminCall('POST', '/api/ssm', admin, { service_name, xml_body })
  const unitsList = (strLocationCode: string, strSearchString: string) =>
    ssmCall('GetUnitsList', { strLocationCode, strSearchType: '4', strSearchString, strSortType: '0' })

  test('GetAllUnits of a facility named in any case lists every unit, each field a one-item list of text', async () => {
    const response = await ssmCall('GetAllUnits', { strLocationCode: FACILITY.toLowerCase() })
    expect(response.statusCode, response.body).toBe(200)
    const records = response.json<{ Record: Array<Record<string, string[]>> }>().Record
    expect(records).toHaveLength(tenancies.length)
    const unit = rentedUnits()[0]!
    expect(records.find((record) => record.UNITEXTERNALID![0] === unit.unit_no)).toMatchObject({
      UNITEXTERNALID: [unit.unit_no],
      UnitStatus: ['Rented'],
      Width: [expect.stringMatching(/^\d+(\.\d+)?$/)],
    })
  })

  test('GetUnitsList by unit number answers that unit with its tenant', async () => {
    const unit = rentedUnits()[0]!
    const response = await unitsList(FACILITY, unit.unit_no)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().Unit).toEqual([
      expect.objectContaining({ UnitNumber: [unit.unit_no], UnitStatus: ['Rented'], TenantId: [unit.tenant_id] }),
    ])
  })

  test("an unknown facility is 404; a failing system is 502 with the system's message", async () => {
    expect((await unitsList('ZZ999', '')).statusCode).toBe(404)
    ctx.ssm.failNext('GetAllUnits', -5, 'Site is offline')
    const failed = await ssmCall('GetAllUnits', { strLocationCode: FACILITY })
    expect(failed.statusCode).toBe(502)
    expect(failed.json().message).toContain('Site is offline')
  })

  test("a tenant's contact details are the system's", async () => {
    const unit = rentedUnits()[0]!
    const raw = await ctx.app.ssm.call('GetTenantInfoByTenantID', {
      strLocationCode: FACILITY,
      iTenantID: unit.tenant_id,
    })
    const row = raw.tables.Tenant![0]!
    const info = await getTenantInfo(ctx.app.ssm, FACILITY, unit.tenant_id)
    expect(info).toEqual({
      first_name: String(row.FirstName),
      last_name: String(row.LastName),
      email: String(row.EMail),
      cell_phone: String(row.CellPhone),
      address: String(row.Address),
      city: String(row.City),
      state: String(row.State),
      zip: String(row.Zip),
    })
    expect(Object.values(info!).every(Boolean)).toBe(true)
  })
})

describe('history and CSV', () => {
  test('each row shows its facility, tenant, dates and notice; newest first, paged, with the count', async () => {
    const units = rentedUnits().slice(20, 23)
    const { ids } = (await submit(request(units.map((unit) => unit.unit_no)))).json<{ ids: number[] }>()
    await settled(ids)
    const sentAt = new Date('2026-01-02T03:04:05.000Z')
    const viewedAt = new Date('2026-01-03T04:05:06.000Z')
    await ctx.db
      .update(leaseTerminations)
      .set({ status: 'sent', sent_at: sentAt, viewed_at: viewedAt, notice_file: 'lease-termination-x.pdf' })
      .where(eq(leaseTerminations.id, ids[0]!))
    await ctx.db
      .update(leaseTerminations)
      .set({ status: 'failed', error: 'No email address', sent_at: null, notice_file: null })
      .where(eq(leaseTerminations.id, ids[1]!))
    const total = (await ctx.db.select().from(leaseTerminations)).length
    const page = (
      await ctx.adminCall('GET', '/api/lease_terminations?limit=2&offset=1', admin)
    ).json<LeaseTerminationsPage>()
    expect(page.count).toBe(total)
    expect(page.rows.map((row) => row.id)).toEqual([ids[1], ids[0]])
    const [location] = await ctx.db.select().from(locations).where(eq(locations.location_code, FACILITY))
    const [stored] = await ctx.db.select().from(leaseTerminations).where(eq(leaseTerminations.id, ids[0]!))
    expect(page.rows[1]).toEqual({
      id: ids[0],
      location: { location_code: FACILITY, name: location!.name },
      units: [units[0]!.unit_no],
      tenant: { id: units[0]!.tenant_id, name: stored!.tenant_name },
      status: 'sent',
      sent_at: sentAt.toISOString(),
      termination_type: 'Termination',
      reason: 'Breach of Lease: Non-payment of rent and fees - Balance unpaid since May',
      termination_date: today(),
      termination_time: '09:30',
      viewed_at: viewedAt.toISOString(),
      createdAt: stored!.createdAt.toISOString(),
      notice_path: ctx.app.files.url('lease-termination-x.pdf'),
      error: null,
    })
    expect(page.rows[0]).toMatchObject({ status: 'failed', sent_at: null, viewed_at: null, notice_path: null })
    expect(page.rows[0]!.error).toBe('No email address')

    const csv = (await ctx.adminCall('GET', '/api/lease_terminations/csv', admin)).body.trim().split('\r\n')
    expect(csv).toHaveLength(total + 1)
    const line = (id: number) => csv.find((entry) => entry.startsWith(`${id},`))
    expect(line(ids[0]!)).toBe(
      [
        ids[0],
        location!.name,
        units[0]!.unit_no,
        sentAt.toISOString(),
        'Termination',
        'Breach of Lease: Non-payment of rent and fees - Balance unpaid since May',
        today(),
        '09:30',
        viewedAt.toISOString(),
        stored!.createdAt.toISOString(),
      ].join(','),
    )
    expect(line(ids[1]!)).toContain(`,${units[1]!.unit_no},,Termination,`)
    expect(line(ids[1]!)).toMatch(/,09:30,,[^,]+$/)
    expect(csv.slice(1).map((entry) => Number(entry.split(',')[0]))).toEqual(
      [...csv.slice(1).map((entry) => Number(entry.split(',')[0]))].sort((a, b) => a - b),
    )
  })

  test('a tenant with two units gets one notice naming both, joined in the CSV', async () => {
    const byTenant = new Map<string, string[]>()
    for (const unit of tenancies)
      if (unit.status === 'Rented')
        byTenant.set(unit.tenant_id, [...(byTenant.get(unit.tenant_id) ?? []), unit.unit_no])
    const [, pair] = [...byTenant].find(([, units]) => units.length === 2)!
    // A date of its own: a unit has one notice per date, and this tenant's first unit may be another test's.
    const later = new Date(Date.now() + 60 * 86_400_000).toLocaleDateString('en-CA')
    const { ids } = (await submit(request(pair, { form_date: later }))).json<{ ids: number[] }>()
    expect(ids).toHaveLength(1)
    const csv = (await ctx.adminCall('GET', '/api/lease_terminations/csv', admin)).body
    expect(csv).toContain(`${ids[0]},`)
    expect(csv).toContain(`"${pair.join(', ')}"`)
  })
})

describe('signed notice links', () => {
  const env = (values: Partial<Env>) => ({ demoMode: false, ...values }) as Env

  test('the secret is NOTICE_LINK_SECRET, else SECRETS_KEY, else the demo secret in demo mode, else 503', () => {
    expect(noticeLinkSecret(env({ NOTICE_LINK_SECRET: 'notice-secret', SECRETS_KEY: 'key' }))).toBe('notice-secret')
    expect(noticeLinkSecret(env({ SECRETS_KEY: 'key' }))).toBe('key')
    expect(noticeLinkSecret(env({ demoMode: true }))).toBe('storageops-demo-notice-links')
    expect(() => noticeLinkSecret(env({}))).toThrow(
      expect.objectContaining({
        statusCode: 503,
        code: 'not_configured',
        message: 'Lease-termination notices need NOTICE_LINK_SECRET to sign their links.',
      }),
    )
  })

  test('a signature is stable across releases: links already e-mailed keep opening', () => {
    expect(noticeSignature('secret', 7, 'abc')).toBe('zGdoUV2UJdek9-oHgFRraBpzoAp1nrdZX1uQHcSJotw')
    expect(noticeLink('https://admin.example.com', 'secret', { id: 7, token: 'abc' })).toBe(
      'https://admin.example.com/notice/7?sig=zGdoUV2UJdek9-oHgFRraBpzoAp1nrdZX1uQHcSJotw',
    )
  })

  test('a link opens only a sent notice with its file and the right signature; a person opening it sets viewed_at', async () => {
    const [unit] = rentedUnits().slice(30)
    const { ids } = (await submit(request([unit!.unit_no]))).json<{ ids: number[] }>()
    const id = ids[0]!
    const [row] = await ctx.db.select().from(leaseTerminations).where(eq(leaseTerminations.id, id))
    const sig = noticeSignature(noticeLinkSecret(ctx.app.env), id, row!.token)
    const open = (signature = sig) =>
      ctx.request({
        method: 'GET',
        url: `/notice/${id}?sig=${signature}`,
        host: ADMIN,
        headers: { accept: 'text/html', 'sec-fetch-dest': 'document' },
      })
    const viewed = async () =>
      (await ctx.db.select().from(leaseTerminations).where(eq(leaseTerminations.id, id)))[0]!.viewed_at
    await settled([id])
    const [sent] = await ctx.db.select().from(leaseTerminations).where(eq(leaseTerminations.id, id))
    expect(sent).toMatchObject({ status: 'sent', viewed_at: null })
    await ctx.db.update(leaseTerminations).set({ status: 'failed' }).where(eq(leaseTerminations.id, id))
    expect((await open()).statusCode).toBe(404)
    await ctx.db
      .update(leaseTerminations)
      .set({ status: 'sent', notice_file: null })
      .where(eq(leaseTerminations.id, id))
    expect((await open()).statusCode).toBe(404)
    await ctx.db.update(leaseTerminations).set({ notice_file: sent!.notice_file }).where(eq(leaseTerminations.id, id))
    const forged = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`
    expect((await open(forged)).statusCode).toBe(404)
    expect((await open(sig.slice(0, -1))).statusCode).toBe(404)
    const head = await ctx.request({ method: 'HEAD', url: `/notice/${id}?sig=${sig}`, host: ADMIN })
    expect(head.statusCode).toBe(200)
    expect(await viewed()).toBeNull()
    const page = await open()
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Notice of lease termination')
    expect(page.body).toContain(unit!.unit_no)
    const first = await viewed()
    expect(first).not.toBeNull()
    await open()
    expect((await viewed())!.getTime()).toBe(first!.getTime())
    const unknown = await ctx.request({ method: 'GET', url: `/notice/2000000000?sig=${sig}`, host: ADMIN })
    expect(unknown.statusCode).toBe(404)
  })
})
