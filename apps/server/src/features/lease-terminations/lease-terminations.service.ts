import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, asc, count, desc, eq, inArray, isNull, or } from 'drizzle-orm'
import {
  LEASE_TERMINATION_CSV_COLUMNS,
  LEASE_TERMINATION_MESSAGES,
  type LeaseTermination,
  type LeaseTerminationAccepted,
  type LeaseTerminationsPage,
  type TerminationType,
} from '@storageops/contracts/lease-terminations'
import type { Db } from '../../db/client.ts'
import type { Env } from '../../env.ts'
import {
  leaseTerminationBatches,
  leaseTerminationUnits,
  leaseTerminations,
  locations,
  snapshotLocations,
} from '../../db/schema.ts'
import { SsmError, type SsmClient } from '../../integrations/ssm/client.ts'
import { toCsv } from '../../lib/csv-export.ts'
import { HttpError, badGateway, badRequest } from '../../lib/http-error.ts'
import { actorName, recordAudit, type AuditActor } from '../../lib/audit.ts'
import { isUniqueViolation } from '../../lib/db-errors.ts'
import { templateNow } from '../communications/outbox.service.ts'
import { getLocationByCode } from '../facilities/facilities.service.ts'
import { getTenantInfo, listUnitTenancies } from './ssm-units.service.ts'

export interface LeaseTerminationRequest {
  locationCode: string
  unit_numbers: string[]
  termination_type: TerminationType
  form_date: string
  time: string
  reason_and_notes: string
}

const today = () => new Date().toLocaleDateString('en-CA')

/**
 * One lease termination per tenant in one audited batch (spec: admin-console-part-2 §4, §5; notices as of now, issue
 * 35). 400 naming unit_numbers unless every unit is Rented there; 409 when a unit has a notice for the date.
 */
export async function submitLeaseTermination(
  db: Db,
  ssm: SsmClient,
  input: LeaseTerminationRequest,
  actor: AuditActor,
): Promise<LeaseTerminationAccepted> {
  const location = await getLocationByCode(db, input.locationCode.toUpperCase())
  if (Number.isNaN(Date.parse(`${input.form_date}T00:00:00Z`)))
    throw badRequest('form_date is not a date.', 'form_date')
  if (input.form_date < today()) throw badRequest('The termination date cannot be in the past.', 'form_date')
  let tenants: Map<string, { units: string[]; name: string }>
  let contacts: Map<string, Awaited<ReturnType<typeof getTenantInfo>>>
  try {
    const tenancies = new Map(
      (await listUnitTenancies(ssm, location.location_code)).map((unit) => [unit.unit_no.toUpperCase(), unit]),
    )
    tenants = new Map()
    for (const requested of input.unit_numbers) {
      const unit = tenancies.get(requested.toUpperCase())
      if (!unit) throw badRequest(`Unit ${requested} is not a unit of ${location.name}.`, 'unit_numbers')
      if (unit.status !== 'Rented' || !unit.tenant_id || unit.tenant_id === '0')
        throw badRequest(`Unit ${requested} is not rented (${unit.status}).`, 'unit_numbers')
      const entry = tenants.get(unit.tenant_id) ?? { units: [], name: unit.tenant_name }
      entry.units.push(unit.unit_no)
      tenants.set(unit.tenant_id, entry)
    }
    contacts = new Map()
    for (const tenantId of tenants.keys())
      contacts.set(tenantId, await getTenantInfo(ssm, location.location_code, tenantId))
  } catch (error) {
    if (error instanceof SsmError) throw badGateway(error.message)
    throw error
  }

  const rows = [...tenants].map(([tenantId, tenant]) => {
    const contact = contacts.get(tenantId)
    return {
      location_code: location.location_code,
      tenant_id: tenantId,
      tenant_name: contact ? `${contact.first_name} ${contact.last_name}`.trim() : tenant.name || `Tenant ${tenantId}`,
      tenant_email: contact?.email ?? null,
      tenant_phone: contact?.cell_phone ?? null,
      units: tenant.units,
      termination_type: input.termination_type,
      reason: input.reason_and_notes,
      termination_date: input.form_date,
      termination_time: input.time,
      token: randomBytes(16).toString('hex'),
    }
  })
  try {
    return await db.transaction(async (tx) => {
      const template = await templateNow(tx, 'lease_termination_notice')
      const [phones] = await tx
        .select({ own: locations.phone, snapshot: snapshotLocations.phone })
        .from(locations)
        .leftJoin(snapshotLocations, eq(snapshotLocations.location_code, locations.location_code))
        .where(eq(locations.location_code, location.location_code))
      const { name, address, city, state, zip } = location
      const [batch] = await tx
        .insert(leaseTerminationBatches)
        .values({
          location_code: location.location_code,
          requested_by: actorName(actor),
          template_id: template.id,
          content: {
            parts: template.parts,
            facility: { name, address, city, state, zip, phone: phones?.own ?? phones?.snapshot ?? null },
            issued_on: today(),
          },
        })
        .returning()
      const inserted = await tx
        .insert(leaseTerminations)
        .values(rows.map((row) => ({ ...row, batch_id: batch!.id })))
        .returning()
      await tx.insert(leaseTerminationUnits).values(
        inserted.flatMap((row) =>
          row.units.map((unit_no) => ({
            lease_termination_id: row.id,
            location_code: row.location_code,
            tenant_id: row.tenant_id,
            unit_no,
            termination_date: row.termination_date,
          })),
        ),
      )
      await recordAudit(tx, actor, 'create', 'lease_termination', String(batch!.id), null, {
        ...batch!,
        lease_terminations: inserted.map(({ token: _token, ...row }) => row),
      })
      return {
        message: LEASE_TERMINATION_MESSAGES.done,
        batch_id: batch!.id,
        notices: inserted.length,
        ids: inserted.map((row) => row.id),
      }
    })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    throw await alreadyTerminated(db, location.location_code, rows)
  }
}

/** 409 naming the lease terminations already covering a unit of `rows` on the date (issue 35, racing submits too). */
async function alreadyTerminated(
  db: Db,
  locationCode: string,
  rows: Array<{ tenant_id: string; units: string[]; termination_date: string }>,
) {
  const found = await db
    .select({ unit: leaseTerminationUnits, row: leaseTerminations })
    .from(leaseTerminationUnits)
    .innerJoin(leaseTerminations, eq(leaseTerminations.id, leaseTerminationUnits.lease_termination_id))
    .where(
      and(
        eq(leaseTerminationUnits.location_code, locationCode),
        or(
          ...rows.map((row) =>
            and(
              eq(leaseTerminationUnits.tenant_id, row.tenant_id),
              eq(leaseTerminationUnits.termination_date, row.termination_date),
              inArray(leaseTerminationUnits.unit_no, row.units),
            ),
          ),
        ),
      ),
    )
    .orderBy(asc(leaseTerminationUnits.unit_no))
  const existing = found.map(({ unit, row }) => ({
    id: row.id,
    unit_no: unit.unit_no,
    status: row.status,
    sent_at: row.sent_at?.toISOString() ?? null,
  }))
  const named = existing
    .map((entry) => `unit ${entry.unit_no} in lease termination ${entry.id} (${entry.status})`)
    .join(', ')
  return new HttpError(
    409,
    'conflict',
    existing.length
      ? `A notice for the same termination date already exists: ${named}. Nothing was sent again.`
      : 'A notice for the same units and termination date was submitted at the same time. Nothing was sent again.',
    'unit_numbers',
    { existing },
  )
}

type Row = typeof leaseTerminations.$inferSelect

function toLeaseTermination(row: Row, locationName: string, fileUrl: (name: string) => string): LeaseTermination {
  return {
    id: row.id,
    location: { location_code: row.location_code, name: locationName },
    units: row.units,
    tenant: { id: row.tenant_id, name: row.tenant_name },
    status: row.status,
    sent_at: row.sent_at?.toISOString() ?? null,
    termination_type: row.termination_type,
    reason: row.reason,
    termination_date: row.termination_date,
    termination_time: row.termination_time,
    viewed_at: row.viewed_at?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    notice_path: row.notice_file ? fileUrl(row.notice_file) : null,
    error: row.error,
  }
}

export async function listLeaseTerminations(
  db: Db,
  query: { limit: number; offset: number },
  fileUrl: (name: string) => string,
): Promise<LeaseTerminationsPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: leaseTerminations, name: locations.name })
      .from(leaseTerminations)
      .innerJoin(locations, eq(locations.location_code, leaseTerminations.location_code))
      .orderBy(desc(leaseTerminations.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(leaseTerminations),
  ])
  return { count: total?.value ?? 0, rows: rows.map(({ row, name }) => toLeaseTermination(row, name, fileUrl)) }
}

/** lease_termination_history.csv (spec §2): every lease termination, oldest first, the spec's columns, formula cells neutralised. */
export async function leaseTerminationsCsv(db: Db): Promise<string> {
  const rows = await db
    .select({ row: leaseTerminations, name: locations.name })
    .from(leaseTerminations)
    .innerJoin(locations, eq(locations.location_code, leaseTerminations.location_code))
    .orderBy(asc(leaseTerminations.id))
  return toCsv(
    LEASE_TERMINATION_CSV_COLUMNS,
    rows.map(({ row, name }) => ({
      id: row.id,
      facility: name,
      units: row.units.join(', '),
      sent_at: row.sent_at?.toISOString() ?? '',
      termination_type: row.termination_type,
      reason: row.reason,
      termination_date: row.termination_date,
      termination_time: row.termination_time,
      viewed_at: row.viewed_at?.toISOString() ?? '',
      createdAt: row.createdAt.toISOString(),
    })),
  )
}

/** The secret notice links are signed with: NOTICE_LINK_SECRET, else SECRETS_KEY, else (demo mode) a public demo secret. */
export function noticeLinkSecret(env: Env): string {
  const secret = env.NOTICE_LINK_SECRET ?? env.SECRETS_KEY ?? (env.demoMode ? 'storageops-demo-notice-links' : null)
  if (!secret)
    throw new HttpError(503, 'not_configured', 'Lease-termination notices need NOTICE_LINK_SECRET to sign their links.')
  return secret
}

export function noticeSignature(secret: string, id: number, token: string): string {
  return createHmac('sha256', secret).update(`lease-termination-notice:${id}:${token}`).digest('base64url')
}

export const noticeLink = (baseUrl: string, secret: string, row: { id: number; token: string }) =>
  `${baseUrl}/notice/${row.id}?sig=${noticeSignature(secret, row.id, row.token)}`

/** The notice a signed link opens, or null; `countAsView` (a person's navigation) records the first viewed_at. */
export async function openNotice(db: Db, secret: string, id: number, signature: string, countAsView: boolean) {
  const [found] = await db
    .select({ row: leaseTerminations, name: locations.name })
    .from(leaseTerminations)
    .innerJoin(locations, eq(locations.location_code, leaseTerminations.location_code))
    .where(eq(leaseTerminations.id, id))
  if (!found || found.row.status !== 'sent' || !found.row.notice_file) return null
  const expected = Buffer.from(noticeSignature(secret, id, found.row.token))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  if (countAsView && !found.row.viewed_at) {
    await db
      .update(leaseTerminations)
      .set({ viewed_at: new Date() })
      .where(and(eq(leaseTerminations.id, id), isNull(leaseTerminations.viewed_at)))
  }
  return { ...found.row, location_name: found.name }
}
