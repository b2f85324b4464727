import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { ListQueryOf } from '@storageops/contracts/list-query'
import {
  DEFAULT_MAX_INCREASE_PERCENT,
  DEFAULT_NOTICE_DAYS,
  RATE_CHANGES_PAGE_SIZE,
  RATE_LOG_CSV_COLUMNS,
  RATE_MESSAGES,
  RATE_PREVIEW_ROWS,
  RATE_UPLOADS,
  type LiveLog,
  type ProcessRatesInput,
  type RateChangeRow,
  type RateChangeSort,
  type RateChanges,
  type RateChangesPage,
  type RateKind,
  type RateLiveEvent,
  type RateUploadLog,
} from '@storageops/contracts/rates'
import type { Db, Tx } from '../../db/client.ts'
import { locations, rateUploadLogs, rateUploadRows, rateUploads } from '../../db/schema.ts'
import type { SsmClient } from '../../integrations/ssm/client.ts'
import { actorName, recordAudit } from '../../lib/audit.ts'
import { numberSettings } from '../../lib/number-settings.ts'
import type { AdminSession } from '../../lib/admin-session.ts'
import { assertCsvFile } from '../../lib/csv-file.ts'
import { toCsv } from '../../lib/csv-export.ts'
import { HttpError, conflict, notFound, unprocessable } from '../../lib/http-error.ts'
import { readPage, type ListColumns } from '../../lib/list-query.ts'
import type { LiveChannel } from '../../lib/live-channel.ts'
import { templateNow } from '../communications/outbox.service.ts'
import { checkRateFile, type GuardrailContext } from './rate-csv.ts'
import { getTenant, getUnitTypes } from './ssm-rates.ts'

type UploadRow = typeof rateUploads.$inferSelect
type RateRow = typeof rateUploadRows.$inferSelect

const INSERT_BATCH = 1000
const OPEN = ['pending', 'processing', 'undoing'] as const
const BUSY_MESSAGE = 'Rate changes are being processed. Upload again when they are done.'

export const today = () => new Date().toLocaleDateString('en-CA')
const dollars = (cents: number | null) => (cents === null ? null : cents / 100)

/** The guardrails' settings (issue 16), else the defaults. */
export async function rateSettings(db: Db): Promise<{ max_increase_percent: number; notice_days: number }> {
  const values = await numberSettings(db, {
    rate_max_increase_percent: DEFAULT_MAX_INCREASE_PERCENT,
    rate_notice_days: DEFAULT_NOTICE_DAYS,
  })
  return { max_increase_percent: values.rate_max_increase_percent, notice_days: Math.round(values.rate_notice_days) }
}

/** Writes a live-log line and sends it to the page's watchers (spec §7), once the change it reports is committed. */
export async function writeLiveLog(
  db: Db | Tx,
  live: LiveChannel | null,
  kind: RateKind,
  uploadId: number | null,
  log: string,
  options: { item?: boolean; isError?: boolean } = {},
): Promise<void> {
  const [entry] = await db
    .insert(rateUploadLogs)
    .values({ kind, upload_id: uploadId, log, item: options.item ?? false, isError: options.isError ?? false })
    .returning({ id: rateUploadLogs.id })
  const upload = RATE_UPLOADS[kind]
  live?.publish(upload.page, options.item ? upload.itemEvent : upload.event, {
    action: 'createLog',
    logInfo: { id: entry!.id, log },
    isError: options.isError ?? false,
  } satisfies RateLiveEvent)
}

/**
 * A rate CSV becomes the pending changes of its kind (spec §4), refused rows kept with their errors. 409 while an
 * upload of the kind runs. `lookups.leasesOf` reads leases in bulk (an ECRI run's rent roll).
 */
export async function uploadRateFile(
  deps: { db: Db; ssm: SsmClient; live: LiveChannel | null },
  kind: RateKind,
  file: { filename: string; data: Buffer },
  actor: AdminSession,
  lookups: Partial<Pick<GuardrailContext, 'leasesOf'>> = {},
): Promise<{ message: string; upload_id: number; counts: RateChanges['counts'] }> {
  const { db, ssm } = deps
  await assertCsvFile(file.filename, file.data)
  const [running] = await db
    .select({ id: rateUploads.id })
    .from(rateUploads)
    .where(and(eq(rateUploads.kind, kind), inArray(rateUploads.status, ['processing', 'undoing'])))
  if (running) throw conflict(BUSY_MESSAGE)
  const config = await rateSettings(db)
  const known = await db.select({ code: locations.location_code }).from(locations)
  const rows = await checkRateFile(kind, file.data, {
    today: today(),
    noticeDays: config.notice_days,
    maxIncreasePercent: config.max_increase_percent,
    locations: new Set(known.map((row) => row.code.toUpperCase())),
    unitTypesOf: (code) => getUnitTypes(ssm, code),
    leasesOf: lookups.leasesOf ?? (async (code, tenantId) => (await getTenant(ssm, code, tenantId))?.leases ?? null),
  })
  const upload = await db.transaction(async (tx) => {
    const replaced = await tx
      .update(rateUploads)
      .set({ status: 'discarded' })
      .where(and(eq(rateUploads.kind, kind), eq(rateUploads.status, 'pending')))
      .returning({ id: rateUploads.id })
    const [created] = await tx
      .insert(rateUploads)
      .values({
        kind,
        file_name: file.filename.slice(0, 200),
        user_id: actor.user.id,
        userName: `${actor.user.firstName} ${actor.user.lastName}`.trim() || actor.user.email,
      })
      .returning()
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      await tx.insert(rateUploadRows).values(
        rows.slice(start, start + INSERT_BATCH).map(({ row_no, cells, errors, ...row }) => ({
          ...row,
          upload_id: created!.id,
          row_no,
          cells,
          errors,
          state: errors.length > 0 ? ('invalid' as const) : ('pending' as const),
        })),
      )
    }
    await recordAudit(tx, actor, 'upload', kind, created!.id, replaced.length ? { discarded: replaced } : null, {
      ...created,
      rows: rows.length,
      refused: rows.filter((row) => row.errors.length > 0).length,
    })
    return created!
  })
  await writeLiveLog(db, deps.live, kind, upload.id, RATE_MESSAGES.uploaded)
  const errors = rows.filter((row) => row.errors.length > 0).length
  return {
    message: RATE_MESSAGES.uploaded,
    upload_id: upload.id,
    counts: { received: rows.length, pending: rows.length - errors, errors },
  }
}

async function openUpload(db: Db | Tx, kind: RateKind): Promise<UploadRow | undefined> {
  const [upload] = await db
    .select()
    .from(rateUploads)
    .where(and(eq(rateUploads.kind, kind), inArray(rateUploads.status, [...OPEN])))
  return upload
}

export function toChangeRow(kind: RateKind, row: RateRow): RateChangeRow {
  const change = row.old_cents !== null && row.new_cents !== null ? row.new_cents - row.old_cents : null
  return {
    row: row.row_no,
    location_code: row.location_code ?? row.cells.location_code ?? '',
    unit_type_id: row.unit_type_id,
    tenant_id: row.tenant_id,
    lease_no: row.lease_no,
    unit_no: row.unit_no,
    effective_date: row.effective_date,
    old_rate: dollars(row.old_cents),
    new_rate: dollars(row.new_cents),
    change: dollars(change),
    change_percent: change !== null && row.old_cents ? Math.round((change / row.old_cents) * 10_000) / 100 : null,
    monthly_revenue_change:
      change === null ? null : dollars(kind === 'street_rate' ? change * (row.unit_count ?? 0) : change),
    state: row.state,
    outcome: row.outcome,
  }
}

/** GET …/changes (spec §3, §4): counts received / pending (= received − errors) / errors, rows old → new, revenue. */
export async function getRateChanges(db: Db, kind: RateKind): Promise<RateChanges> {
  const upload = await openUpload(db, kind)
  const config = await rateSettings(db)
  const empty: RateChanges = {
    upload: null,
    counts: { received: 0, pending: 0, errors: 0 },
    units: [],
    errors: [],
    revenue: { facilities: [], total: 0 },
    settings: config,
  }
  if (!upload) return empty
  const rows = await db
    .select()
    .from(rateUploadRows)
    .where(eq(rateUploadRows.upload_id, upload.id))
    .orderBy(asc(rateUploadRows.row_no))
  const valid = rows.filter((row) => row.state !== 'invalid')
  const invalid = rows.filter((row) => row.state === 'invalid')
  const byFacility = new Map<string, number>()
  for (const row of valid) {
    const change = toChangeRow(kind, row).monthly_revenue_change ?? 0
    byFacility.set(row.location_code!, (byFacility.get(row.location_code!) ?? 0) + Math.round(change * 100))
  }
  const names = byFacility.size
    ? await db
        .select({ code: locations.location_code, name: locations.name })
        .from(locations)
        .where(inArray(locations.location_code, [...byFacility.keys()]))
    : []
  const facilities = [...byFacility]
    .map(([code, cents]) => ({
      location_code: code,
      name: names.find((entry) => entry.code === code)?.name ?? code,
      monthly_change: cents / 100,
    }))
    .sort((a, b) => a.location_code.localeCompare(b.location_code))
  return {
    upload: {
      id: upload.id,
      file_name: upload.file_name,
      status: upload.status,
      uploaded_at: upload.uploaded_at.toISOString(),
      userName: upload.userName,
    },
    counts: { received: rows.length, pending: valid.length, errors: invalid.length },
    units: valid.slice(0, RATE_PREVIEW_ROWS).map((row) => toChangeRow(kind, row)),
    errors: invalid.flatMap((row) => row.errors).slice(0, RATE_PREVIEW_ROWS),
    revenue: {
      facilities,
      total: facilities.reduce((sum, facility) => sum + Math.round(facility.monthly_change * 100), 0) / 100,
    },
    settings: config,
  }
}

const RATE_CHANGE_LIST: ListColumns<RateChangeSort> = {
  sorts: {
    row: rateUploadRows.row_no,
    location_code: rateUploadRows.location_code,
    change: sql`${rateUploadRows.new_cents} - ${rateUploadRows.old_cents}`,
  },
  key: rateUploadRows.id,
  defaultOrder: [asc(rateUploadRows.row_no)],
  search: [rateUploadRows.location_code, rateUploadRows.tenant_id, rateUploadRows.lease_no, rateUploadRows.unit_no],
  defaultLimit: RATE_CHANGES_PAGE_SIZE,
}

/** One page of the open upload's rows that passed the guardrails (DESIGN §13); none while no upload is open. */
export async function getRateChangesPage(
  db: Db,
  kind: RateKind,
  query: ListQueryOf<RateChangeSort>,
): Promise<RateChangesPage> {
  const upload = await openUpload(db, kind)
  if (!upload) return { rows: [], count: 0 }
  const filter = and(eq(rateUploadRows.upload_id, upload.id), ne(rateUploadRows.state, 'invalid'))
  return readPage(db, rateUploadRows, RATE_CHANGE_LIST, query, (row) => toChangeRow(kind, row), filter)
}

/** DISCARD (spec §4): the pending changes are dropped (kept for the audit as discarded); 404 when none, 409 while running. */
export async function discardRateChanges(
  deps: { db: Db; live: LiveChannel | null },
  kind: RateKind,
  actor: AdminSession,
): Promise<{ message: string }> {
  const discarded = await deps.db.transaction(async (tx) => {
    const upload = await openUpload(tx, kind)
    if (!upload) throw notFound('There are no pending changes to discard.')
    if (upload.status !== 'pending') throw conflict(BUSY_MESSAGE)
    await tx.update(rateUploads).set({ status: 'discarded' }).where(eq(rateUploads.id, upload.id))
    await recordAudit(tx, actor, 'discard', kind, upload.id, { status: 'pending' }, { status: 'discarded' })
    return upload
  })
  await writeLiveLog(deps.db, deps.live, kind, discarded.id, 'Pending changes discarded.')
  return { message: 'Pending changes discarded.' }
}

/**
 * PROCESS (spec §4, §7): starts the named pending upload with the notice template as it is now (issue 35). 403 when
 * user_id is not the signed-in user, 404 without pending changes, 409 stale page or another run, 422 no valid row.
 */
export async function startRateProcessing(
  db: Db,
  kind: RateKind,
  input: ProcessRatesInput,
  actor: AdminSession,
): Promise<{ upload_id: number; rows: number }> {
  if (input.user_id !== actor.user.id)
    throw new HttpError(403, 'forbidden', 'user_id must be the signed-in user.', 'user_id')
  return db.transaction(async (tx) => {
    const upload = await openUpload(tx, kind)
    if (!upload) throw notFound('There are no pending changes to process.', 'uploaded_at')
    if (upload.status !== 'pending') throw conflict(BUSY_MESSAGE)
    if (Date.parse(input.uploaded_at) !== upload.uploaded_at.getTime())
      throw new HttpError(
        409,
        'conflict',
        'These pending changes were replaced by a newer upload. Review the counts and process again.',
        'uploaded_at',
      )
    const [pending] = await tx
      .select({ value: count() })
      .from(rateUploadRows)
      .where(and(eq(rateUploadRows.upload_id, upload.id), eq(rateUploadRows.state, 'pending')))
    if (!pending?.value) throw unprocessable('No row can be processed: every row has errors.', 'uploaded_at')
    const template = kind === 'tenant_rate' ? await templateNow(tx, 'rate_change_notice') : null
    await tx
      .update(rateUploads)
      .set({
        status: 'processing',
        processed_by: actorName(actor),
        processing_started_at: new Date(),
        template_id: template?.id ?? null,
        message_parts: template?.parts ?? null,
      })
      .where(eq(rateUploads.id, upload.id))
    await recordAudit(tx, actor, 'process', kind, upload.id, { status: 'pending' }, { status: 'processing' })
    return { upload_id: upload.id, rows: pending.value }
  })
}

/** Upload Logs (spec §2, §3): processed uploads of a kind, newest first, with the row counts. */
export async function listRateLogs(db: Db, kind: RateKind): Promise<RateUploadLog[]> {
  const uploads = await db
    .select({
      upload: rateUploads,
      records: sql<number>`count(${rateUploadRows.id})::int`,
      applied: sql<number>`count(*) filter (where ${rateUploadRows.state} in ('applied', 'undone'))::int`,
      failed: sql<number>`count(*) filter (where ${rateUploadRows.state} = 'failed')::int`,
    })
    .from(rateUploads)
    .leftJoin(rateUploadRows, eq(rateUploadRows.upload_id, rateUploads.id))
    .where(and(eq(rateUploads.kind, kind), inArray(rateUploads.status, ['processing', 'processed', 'undoing'])))
    .groupBy(rateUploads.id)
    .orderBy(desc(rateUploads.id))
  return uploads.map(({ upload, records, applied, failed }) => ({
    id: upload.id,
    uploaded_at: upload.uploaded_at.toISOString(),
    userName: upload.userName,
    numberOfRecords: records,
    status: upload.status,
    applied,
    failed,
    processed_at: upload.processed_at?.toISOString() ?? null,
    undone_at: upload.undone_at?.toISOString() ?? null,
  }))
}

/** street_rate_upload_id_{id}.csv / tenant_rate_upload_id_{id}.csv: every row of the file with its state and outcome. */
export async function rateLogCsv(db: Db, kind: RateKind, uploadId: number): Promise<string> {
  const [upload] = await db
    .select()
    .from(rateUploads)
    .where(and(eq(rateUploads.id, uploadId), eq(rateUploads.kind, kind)))
  if (!upload) throw notFound(`No ${RATE_UPLOADS[kind].title.toLowerCase()} ${uploadId}.`, 'id')
  const rows = await db
    .select()
    .from(rateUploadRows)
    .where(eq(rateUploadRows.upload_id, uploadId))
    .orderBy(asc(rateUploadRows.row_no))
  const money = (cents: number | null, raw: string | undefined) =>
    cents === null ? (raw ?? '') : (cents / 100).toFixed(2)
  return toCsv(
    RATE_LOG_CSV_COLUMNS[kind],
    rows.map((row) => ({
      row: row.row_no,
      location_code: row.cells.location_code ?? row.location_code ?? '',
      unit_type_id: row.unit_type_id ?? row.cells.unit_type_id ?? '',
      old_street_rate: money(row.old_cents, undefined),
      new_street_rate: money(row.new_cents, row.cells.new_street_rate),
      tenant_id: row.tenant_id ?? row.cells.tenant_id ?? '',
      lease_no: row.lease_no ?? row.cells.lease_no ?? '',
      unit_no: row.unit_no ?? row.cells.unit_no ?? '',
      current_rent: money(row.old_cents, row.cells.current_rent),
      new_rent: money(row.new_cents, row.cells.new_rent),
      effective_date: row.effective_date ?? row.cells.effective_date ?? '',
      state: row.state,
      outcome: row.state === 'invalid' ? row.errors.map((error) => error.message).join(' ') : (row.outcome ?? ''),
    })),
  )
}

/** The live log of the latest upload of a kind (oldest first, the last 1,000 lines): what a page opened mid-run shows. */
export async function getLiveLog(db: Db, kind: RateKind): Promise<LiveLog> {
  const [latest] = await db
    .select({ id: rateUploads.id })
    .from(rateUploads)
    .where(eq(rateUploads.kind, kind))
    .orderBy(desc(rateUploads.id))
    .limit(1)
  if (!latest) return { upload_id: null, entries: [] }
  const entries = await db
    .select()
    .from(rateUploadLogs)
    .where(eq(rateUploadLogs.upload_id, latest.id))
    .orderBy(desc(rateUploadLogs.id))
    .limit(1000)
  return {
    upload_id: latest.id,
    entries: entries.reverse().map((entry) => ({
      id: entry.id,
      log: entry.log,
      isError: entry.isError,
      createdAt: entry.createdAt.toISOString(),
    })),
  }
}

/** The example file (spec §7) from the first facility's real rows, 5 % up; header only if the system fails. */
export async function exampleRateCsv(db: Db, ssm: SsmClient, kind: RateKind): Promise<string> {
  const columns = RATE_UPLOADS[kind].columns
  const [facility] = await db
    .select({ code: locations.location_code })
    .from(locations)
    .orderBy(asc(locations.location_code))
    .limit(1)
  const up = (cents: number) => (Math.round(cents * 1.05) / 100).toFixed(2)
  const rows: Array<Record<string, string>> = []
  try {
    if (facility && kind === 'street_rate') {
      for (const type of (await getUnitTypes(ssm, facility.code)).slice(0, 3))
        rows.push({
          location_code: facility.code,
          unit_type_id: String(type.unit_type_id),
          new_street_rate: up(type.street_cents),
        })
    } else if (facility) {
      const { notice_days } = await rateSettings(db)
      const start = new Date(`${today()}T00:00:00Z`)
      start.setUTCDate(start.getUTCDate() + notice_days + 1)
      const units = await ssm.call('GetUnitsList', {
        strLocationCode: facility.code,
        strSearchType: '4',
        strSearchString: '',
        strSortType: '0',
      })
      const tenantIds = [
        ...new Set((units.tables.Unit ?? []).map((unit) => String(unit.TenantId ?? '0')).filter((id) => id !== '0')),
      ]
      for (const tenantId of tenantIds.slice(0, 3)) {
        const lease = (await getTenant(ssm, facility.code, tenantId))?.leases[0]
        if (lease)
          rows.push({
            location_code: facility.code,
            tenant_id: tenantId,
            lease_no: lease.lease_no,
            unit_no: lease.unit_no,
            current_rent: (lease.rent_cents / 100).toFixed(2),
            new_rent: up(lease.rent_cents),
            effective_date: start.toISOString().slice(0, 10),
          })
      }
    }
  } catch {
    rows.length = 0
  }
  return toCsv(columns, rows)
}

/**
 * Undo of a processed upload (issue 16), audited, as a job. 404 for another kind's or no upload, 409 unless
 * processed and not undone or while another upload of the kind is open.
 */
export async function startRateUndo(
  db: Db,
  kind: RateKind,
  uploadId: number,
  actor: AdminSession,
): Promise<{ upload_id: number; rows: number }> {
  return db.transaction(async (tx) => {
    const [upload] = await tx
      .select()
      .from(rateUploads)
      .where(and(eq(rateUploads.id, uploadId), eq(rateUploads.kind, kind)))
      .for('update')
    if (!upload) throw notFound(`No ${RATE_UPLOADS[kind].title.toLowerCase()} ${uploadId}.`, 'id')
    if (upload.status !== 'processed' || upload.undone_at)
      throw conflict('Only a processed upload that was not undone can be undone.')
    if (await openUpload(tx, kind)) throw conflict('Process or discard the pending changes first.')
    const [applied] = await tx
      .select({ value: count() })
      .from(rateUploadRows)
      .where(and(eq(rateUploadRows.upload_id, uploadId), eq(rateUploadRows.state, 'applied')))
    await tx
      .update(rateUploads)
      .set({ status: 'undoing', undone_by: actorName(actor) })
      .where(eq(rateUploads.id, uploadId))
    await recordAudit(tx, actor, 'undo', kind, uploadId, { status: 'processed' }, { status: 'undoing' })
    return { upload_id: uploadId, rows: applied?.value ?? 0 }
  })
}
