import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { TenantSearchResult, TenantUnit } from '@storageops/contracts/settlements'
import { auditLog, communications, paymentLinks } from '../../db/schema.ts'
import { createTestContext, type TestContext } from '../../test/context.ts'

let ctx: TestContext
let admin: string
let tenant: TenantSearchResult
let units: TenantUnit[]

beforeAll(async () => {
  ctx = await createTestContext()
  admin = await ctx.signInAdmin()
  // A tenant of the first facility, from the system's own unit list.
  const list = await ctx.adminCall('POST', '/api/ssm', admin, {
    service_name: 'GetUnitsList',
    xml_body: { strLocationCode: 'TX100', strSearchType: '4', strSearchString: '', strSortType: '0' },
  })
  const rented = list.json<{ Unit: Array<{ UnitStatus: string[]; TenantId: string[] }> }>().Unit
  const tenantId = rented.find((unit) => unit.UnitStatus[0] === 'Rented')!.TenantId[0]!
  const info = await ctx.app.ssm.call('GetTenantInfoByTenantID', { strLocationCode: 'TX100', iTenantID: tenantId })
  const email = info.tables.Tenant![0]!.EMail!
  const found = await search('email', email)
  expect(found.statusCode, found.body).toBe(200)
  tenant = found.json<TenantSearchResult[]>()[0]!
  units = (await unitsOf(tenant)).json<TenantUnit[]>()
}, 120_000)
afterAll(() => ctx.close())

const search = (type: string, query: string, token = admin) =>
  ctx.adminCall('GET', `/api/tenant_settlements/search?type=${type}&query=${encodeURIComponent(query)}`, token)
const unitsOf = (found: TenantSearchResult) =>
  ctx.adminCall('GET', `/api/tenant_settlements/units?id=${found.TenantID}&locationCode=${found.locationCode}`, admin)
const send = (body: object, token = admin) => ctx.adminCall('POST', '/api/tenant_settlements/send-link', token, body)
const linkFor = (unit: TenantUnit, amount: number, type: 'email' | 'sms' = 'email') => ({
  data: type === 'email' ? tenant.EMail : tenant.CellPhone,
  type,
  settlementAmount: amount,
  facilityId: tenant.locationCode,
  facilityName: tenant.locationName,
  leaseNo: unit.LeaseNumber,
  unitNo: unit.UnitNumber,
  userId: 1,
  userName: 'someone else',
})

describe('tenant search', () => {
  test('by email and by phone the tenant comes with the facility and units', async () => {
    expect(tenant).toMatchObject({ locationCode: 'TX100' })
    expect(tenant.locationName).toBeTruthy()
    expect(tenant.Units.length).toBeGreaterThan(0)
    expect(tenant.Units[0]).toEqual({ LeaseNumber: expect.any(String), UnitNumber: expect.any(String) })
    const digits = tenant.CellPhone.replace(/\D/g, '')
    const byPhone = await search('sms', `+1 ${digits}`)
    expect(byPhone.statusCode).toBe(200)
    expect(byPhone.json<TenantSearchResult[]>().map((found) => found.TenantID)).toContain(tenant.TenantID)
  })

  test("an empty query is 400 'Please fill in all the required fields.', no match 404 'Not found'", async () => {
    const empty = await search('email', '  ')
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toMatchObject({ message: 'Please fill in all the required fields.', field: 'query' })
    const none = await search('email', 'nobody@nowhere.example')
    expect(none.statusCode).toBe(404)
    expect(none.json().message).toBe('Not found')
    expect((await search('fax', 'x')).json().field).toBe('type')
  })

  test('units list each lease with its balance', async () => {
    expect(units.map((unit) => unit.LeaseNumber).sort()).toEqual(tenant.Units.map((unit) => unit.LeaseNumber).sort())
    expect(units.every((unit) => unit.balance >= 0 && unit.live_link === null)).toBe(true)
  })

  test('Tenant Settlements is a page of the role matrix: only roles allowed /tenant-settlements', async () => {
    const cs = await ctx.signInAdmin('cs@example.com')
    expect((await search('email', tenant.EMail, cs)).statusCode).toBe(403)
    expect((await send(linkFor(units[0]!, 1), cs)).statusCode).toBe(403)
    expect((await search('email', tenant.EMail, '')).statusCode).toBe(401)
  })
})

describe('payment links', () => {
  test('the amount must be above 0 and not above the balance', async () => {
    const unit = units[0]!
    ctx.ssm.setBalance(unit.LeaseNumber, 250)
    for (const amount of [0, -5, 250.01, 12.345]) {
      const answer = await send(linkFor(unit, amount))
      expect(answer.statusCode, String(amount)).toBe(400)
      expect(answer.json().field).toBe('settlementAmount')
    }
    expect((await send(linkFor(unit, 250.01))).json().message).toBe(
      'The settlement amount cannot be above the balance of $250.00.',
    )
    expect((await send({ ...linkFor(unit, 10), leaseNo: 'NOPE' })).json().field).toBe('leaseNo')
    expect((await send({ ...linkFor(unit, 10), data: 'stranger@example.com' })).json().field).toBe('data')
    expect(await ctx.db.select().from(paymentLinks).where(eq(paymentLinks.lease_no, unit.LeaseNumber))).toHaveLength(0)
  })

  test('one live link per lease: a second send re-sends the same link, another amount is 409; every send audited', async () => {
    const unit = units[0]!
    ctx.ssm.setBalance(unit.LeaseNumber, 400)
    const first = await send(linkFor(unit, 120.5))
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ message: 'Link sent successfully', reused: false })
    const again = await send(linkFor(unit, 120.5, 'sms'))
    expect(again.json()).toMatchObject({ link_id: first.json().link_id, reused: true })
    const other = await send(linkFor(unit, 99))
    expect(other.statusCode).toBe(409)
    const links = await ctx.db.select().from(paymentLinks).where(eq(paymentLinks.lease_no, unit.LeaseNumber))
    expect(links).toHaveLength(1)
    expect(links[0]).toMatchObject({ sends: 2, amount: 120.5, created_by: 'admin@example.com' })
    const messages = await ctx.db
      .select()
      .from(communications)
      .where(eq(communications.location_code, tenant.locationCode))
    const sent = messages.filter((message) => message.idempotency_key.startsWith(`payment-link/${links[0]!.id}/`))
    expect(sent.map((message) => message.method).sort()).toEqual(['email', 'sms'])
    const email = sent.find((message) => message.method === 'email')!
    expect(email.html_body).toContain('$120.50')
    expect(email.html_body).toContain(`/pay/${links[0]!.token}`)
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'payment_link'))
    expect(audits.map((audit) => [audit.action, audit.actor_name])).toEqual([
      ['send_link', 'admin@example.com'],
      ['resend_link', 'admin@example.com'],
    ])
    expect(
      (await unitsOf(tenant)).json<TenantUnit[]>().find((row) => row.LeaseNumber === unit.LeaseNumber)!.live_link,
    ).toMatchObject({ amount: 120.5 })
    const page = await ctx.request({ method: 'GET', url: `/pay/${links[0]!.token}`, host: 'admin.localhost' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Pay $120.50')
  })

  test('an expired link is not re-used: the next send makes a new one, and the old link says it expired', async () => {
    const unit = units[0]!
    const [old] = await ctx.db.select().from(paymentLinks).where(eq(paymentLinks.lease_no, unit.LeaseNumber))
    await ctx.db
      .update(paymentLinks)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(paymentLinks.id, old!.id))
    const fresh = await send(linkFor(unit, 99))
    expect(fresh.json()).toMatchObject({ reused: false })
    expect(fresh.json().link_id).not.toBe(old!.id)
    const expired = await ctx.request({ method: 'GET', url: `/pay/${old!.token}`, host: 'admin.localhost' })
    expect(expired.statusCode).toBe(410)
    expect(expired.body).toContain('This payment link has expired')
    expect((await ctx.request({ method: 'GET', url: '/pay/unknown', host: 'admin.localhost' })).statusCode).toBe(404)
  })
})
