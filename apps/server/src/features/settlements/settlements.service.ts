import { randomBytes } from 'node:crypto'
import { and, eq, gt, sql } from 'drizzle-orm'
import { formatDollars } from '@storageops/contracts/auctions'
import { formatDateTime } from '@storageops/contracts/date-time'
import {
  PAYMENT_LINK_HOURS,
  SETTLEMENT_MESSAGES,
  type LinkSent,
  type TenantSearchResult,
  type TenantUnit,
} from '@storageops/contracts/settlements'
import type { Db } from '../../db/client.ts'
import { locations, paymentLinks } from '../../db/schema.ts'
import { SsmError, type SsmClient, type SsmResult } from '../../integrations/ssm/client.ts'
import { actorName, recordAudit, type AuditActor } from '../../lib/audit.ts'
import { badGateway, badRequest, conflict, notFound } from '../../lib/http-error.ts'
import { facilityPlaceholders, queueMessage } from '../communications/outbox.service.ts'

async function ssmCall(ssm: SsmClient, method: string, params: Record<string, string>): Promise<SsmResult> {
  try {
    return await ssm.call(method, params)
  } catch (error) {
    // -2: the system does not know the facility (an unknown locationCode), not a failure of the system.
    if (error instanceof SsmError && error.retCode === -2) throw notFound(SETTLEMENT_MESSAGES.notFound, 'locationCode')
    if (error instanceof SsmError) throw badGateway(error.message)
    throw error
  }
}

/** Tenants matching an email or cell phone (`TenantSearch`) with their facility; 400 empty query, 404 'Not found'. */
export async function searchTenants(
  db: Db,
  ssm: SsmClient,
  type: 'email' | 'sms',
  query: string,
): Promise<TenantSearchResult[]> {
  if (!query.trim()) throw badRequest(SETTLEMENT_MESSAGES.required, 'query')
  const result = await ssmCall(ssm, 'TenantSearch', { strSearchType: type, strSearchString: query.trim() })
  const tenants = result.tables.Tenant ?? []
  if (result.retCode === 0 || tenants.length === 0) throw notFound(SETTLEMENT_MESSAGES.notFound, 'query')
  const names = new Map(
    (await db.select({ code: locations.location_code, name: locations.name }).from(locations)).map((row) => [
      row.code.toUpperCase(),
      row,
    ]),
  )
  return tenants
    .filter((tenant) => names.has(String(tenant.SiteCode).toUpperCase()))
    .map((tenant) => {
      const location = names.get(String(tenant.SiteCode).toUpperCase())!
      return {
        TenantID: String(tenant.TenantID),
        FirstName: String(tenant.FirstName ?? ''),
        LastName: String(tenant.LastName ?? ''),
        EMail: String(tenant.EMail ?? ''),
        CellPhone: String(tenant.CellPhone ?? ''),
        locationCode: location.code,
        locationName: location.name,
        Units: (result.tables.Units ?? [])
          .filter((unit) => unit.TenantID === tenant.TenantID)
          .map((unit) => ({ LeaseNumber: String(unit.LeaseNumber), UnitNumber: String(unit.UnitNumber) })),
      }
    })
}

/** A tenant's leases at a facility with the balance owed (`GetTenantLedgers`) and the live payment link of each. */
export async function tenantUnits(
  db: Db,
  ssm: SsmClient,
  tenantId: string,
  locationCode: string,
): Promise<TenantUnit[]> {
  const result = await ssmCall(ssm, 'GetTenantLedgers', { strLocationCode: locationCode, iTenantID: tenantId })
  const ledgers = result.tables.Ledger ?? []
  if (ledgers.length === 0) throw notFound(SETTLEMENT_MESSAGES.notFound, 'id')
  const live = await db
    .select()
    .from(paymentLinks)
    .where(
      and(
        sql`upper(${paymentLinks.location_code}) = ${locationCode.toUpperCase()}`,
        eq(paymentLinks.tenant_id, tenantId),
        gt(paymentLinks.expires_at, new Date()),
      ),
    )
  return ledgers.map((ledger) => {
    const link = live.find((row) => row.lease_no === ledger.LeaseNumber)
    return {
      LeaseNumber: String(ledger.LeaseNumber),
      UnitNumber: String(ledger.UnitNumber),
      balance: Number(ledger.dcBalance ?? 0),
      live_link: link ? { amount: link.amount, expires_at: link.expires_at.toISOString() } : null,
    }
  })
}

export interface SendLinkRequest {
  data: string
  type: 'email' | 'sms'
  settlementAmount: number
  facilityId: string
  leaseNo: string
  unitNo: string
}

/**
 * Sends a payment link for a lease (issue 15) to the tenant's own address, amount within its balance (400 naming
 * settlementAmount). While a link lives a second send re-sends it (another amount: 409). Outbox, audited.
 */
export async function sendPaymentLink(
  db: Db,
  ssm: SsmClient,
  input: SendLinkRequest,
  actor: AuditActor,
  payUrl: (token: string) => string,
): Promise<LinkSent> {
  const tenants = await searchTenants(db, ssm, input.type, input.data).catch((error: unknown) => {
    if (error instanceof Error && 'statusCode' in error && error.statusCode === 404)
      throw badRequest(`No tenant has the ${input.type === 'email' ? 'email' : 'phone'} ${input.data}.`, 'data')
    throw error
  })
  const tenant = tenants.find(
    (candidate) =>
      candidate.locationCode.toUpperCase() === input.facilityId.toUpperCase() &&
      candidate.Units.some((unit) => unit.LeaseNumber === input.leaseNo),
  )
  if (!tenant)
    throw badRequest(`Lease ${input.leaseNo} is not a lease of this tenant at ${input.facilityId}.`, 'leaseNo')
  const lease = (await tenantUnits(db, ssm, tenant.TenantID, tenant.locationCode)).find(
    (unit) => unit.LeaseNumber === input.leaseNo,
  )!
  if (input.settlementAmount > lease.balance)
    throw badRequest(
      `The settlement amount cannot be above the balance of ${formatDollars(lease.balance)}.`,
      'settlementAmount',
    )
  const [facility] = await db.select().from(locations).where(eq(locations.location_code, tenant.locationCode))

  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`payment-link:${tenant.locationCode}:${input.leaseNo}`}))`,
    )
    const now = new Date()
    const [live] = await tx
      .select()
      .from(paymentLinks)
      .where(
        and(
          eq(paymentLinks.location_code, tenant.locationCode),
          eq(paymentLinks.lease_no, input.leaseNo),
          gt(paymentLinks.expires_at, now),
        ),
      )
    if (live && live.amount !== input.settlementAmount)
      throw conflict(
        `Lease ${input.leaseNo} already has a payment link for ${formatDollars(live.amount)}, valid until ${formatDateTime(live.expires_at.toISOString())}; send that amount again or wait until it expires.`,
      )
    const [link] = live
      ? await tx
          .update(paymentLinks)
          .set({ sends: sql`${paymentLinks.sends} + 1` })
          .where(eq(paymentLinks.id, live.id))
          .returning()
      : await tx
          .insert(paymentLinks)
          .values({
            token: randomBytes(16).toString('base64url'),
            location_code: tenant.locationCode,
            tenant_id: tenant.TenantID,
            lease_no: input.leaseNo,
            unit_no: lease.UnitNumber,
            amount: input.settlementAmount,
            created_by: actorName(actor),
            expires_at: new Date(now.getTime() + PAYMENT_LINK_HOURS * 3_600_000),
          })
          .returning()
    await queueMessage(tx, {
      idempotency_key: `payment-link/${link!.id}/${link!.sends}`,
      template: 'payment_link',
      location_code: tenant.locationCode,
      methods: [input.type === 'email' ? 'email' : 'sms'],
      recipient: {
        name: `${tenant.FirstName} ${tenant.LastName}`.trim(),
        ...(input.type === 'email' ? { email: input.data } : { phone: input.data }),
      },
      data: {
        ...facilityPlaceholders(facility!),
        tenant: {
          first_name: tenant.FirstName,
          last_name: tenant.LastName,
          full_name: `${tenant.FirstName} ${tenant.LastName}`.trim(),
        },
        unit_no: lease.UnitNumber,
        amount: formatDollars(link!.amount),
        payment_url: payUrl(link!.token),
        expires_at: formatDateTime(link!.expires_at.toISOString()),
      },
    })
    await recordAudit(tx, actor, live ? 'resend_link' : 'send_link', 'payment_link', link!.id, live ?? null, {
      ...link,
      sent_to: input.data,
      method: input.type,
    })
    return {
      message: SETTLEMENT_MESSAGES.sent,
      link_id: link!.id,
      expires_at: link!.expires_at.toISOString(),
      reused: Boolean(live),
    }
  })
}

/** The link a tenant opens, or null when unknown; `expired` once its time is up. */
export async function openPaymentLink(db: Db, token: string) {
  const [found] = await db
    .select({ link: paymentLinks, name: locations.name, phone: locations.phone })
    .from(paymentLinks)
    .innerJoin(locations, eq(locations.location_code, paymentLinks.location_code))
    .where(eq(paymentLinks.token, token))
  if (!found) return null
  return { ...found, expired: found.link.expires_at.getTime() <= Date.now() }
}
