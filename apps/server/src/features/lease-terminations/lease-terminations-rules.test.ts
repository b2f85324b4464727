import { eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import type { LeaseTerminationsPage } from '@storageops/contracts/lease-terminations'
import { auditLog, leaseTerminationBatches, leaseTerminations, locations } from '../../db/schema.ts'
import type { Env } from '../../env.ts'
import { useTestContext } from '../../test/context.ts'
import { noticeLink, noticeLinkSecret, noticeSignature } from './lease-terminations.service.ts'
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
    expect(await viewed()).toBeNull()
    const page = await open()
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Notice of lease termination')
    expect(page.body).toContain(unit!.unit_no)
    expect(await viewed()).not.toBeNull()
  })
})
