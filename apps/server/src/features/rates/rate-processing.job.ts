import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { formatCalendarDate } from '@storageops/contracts/calendar-date'
import { RATE_MESSAGES, formatCents, type RateKind } from '@storageops/contracts/rates'
import type { Db } from '../../db/client.ts'
import { locations, rateUploadRows, rateUploads, snapshotLocations, type TemplateParts } from '../../db/schema.ts'
import { SsmError, type SsmClient } from '../../integrations/ssm/client.ts'
import { recordAudit } from '../../lib/audit.ts'
import type { LiveChannel } from '../../lib/live-channel.ts'
import { facilityPlaceholders, queueMessage } from '../communications/outbox.service.ts'
import { today, writeLiveLog } from './rates.service.ts'
import {
  cancelTenantRateChange,
  getTenant,
  getUnitTypes,
  scheduleTenantRateChange,
  updateStreetRate,
} from './ssm-rates.ts'

export const RATE_UPLOAD_QUEUE = 'rate-uploads'
const SYSTEM = { kind: 'system' as const, name: 'rate-upload job' }

export interface RateJobDeps {
  db: Db
  ssm: SsmClient
  live: LiveChannel | null
  log: Pick<FastifyBaseLogger, 'info'>
}

export const rateJobOptions = (uploadId: number) => ({
  retryLimit: 5,
  retryDelay: 5,
  singletonKey: `rate-upload-${uploadId}`,
  // A backstop only: a dead worker is found by its lease within JOB_STALE_SECONDS (jobs/queue.ts).
  expireInSeconds: 4 * 60 * 60,
})

type Row = typeof rateUploadRows.$inferSelect

function describe(kind: RateKind, row: Row): string {
  const change = `${formatCents(row.old_cents ?? 0)} → ${formatCents(row.new_cents ?? 0)}`
  return kind === 'street_rate'
    ? `Row ${row.row_no}: ${row.location_code} unit type ${row.unit_type_id} street rate ${change}`
    : `Row ${row.row_no}: ${row.location_code} tenant ${row.tenant_id} lease ${row.lease_no} (unit ${row.unit_no}) rent ${change} from ${row.effective_date}`
}

/** Whether the system already holds the row's change: a run after a crash between the call and its record. */
async function isInPlace(ssm: SsmClient, kind: RateKind, row: Row): Promise<boolean> {
  if (kind === 'street_rate') {
    const types = await getUnitTypes(ssm, row.location_code!)
    return types.some((type) => type.unit_type_id === row.unit_type_id && type.street_cents === row.new_cents)
  }
  const tenant = await getTenant(ssm, row.location_code!, row.tenant_id!)
  const lease = tenant?.leases.find((candidate) => candidate.lease_no === row.lease_no)
  return lease?.scheduled?.rent_cents === row.new_cents && lease.scheduled.date === row.effective_date
}

/** The upload's rows in `states`, file order from the last row taken (short index reads); ends when `signal` aborts. */
async function* rowsInFileOrder(db: Db, uploadId: number, states: Array<Row['state']>, signal?: AbortSignal) {
  for (let after = 0; !signal?.aborted;) {
    const [row] = await db
      .select()
      .from(rateUploadRows)
      .where(
        and(
          eq(rateUploadRows.upload_id, uploadId),
          gt(rateUploadRows.row_no, after),
          inArray(rateUploadRows.state, states),
        ),
      )
      .orderBy(asc(rateUploadRows.row_no))
      .limit(1)
    if (!row) return
    after = row.row_no
    yield row
  }
}

/** A lease's rent change to one rent on one date is told to the tenant once, whichever upload or run applies it. */
export const rateNoticeKey = (row: Pick<Row, 'location_code' | 'lease_no' | 'new_cents' | 'effective_date'>) =>
  `rate-change/${row.location_code}/${row.lease_no}/${row.new_cents}/${row.effective_date}`

/** An applied tenant-rate row's notice (DESIGN §10) with the parts the run kept, in the row's transaction. */
async function queueRateNotice(
  deps: RateJobDeps,
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  row: Row,
  parts: TemplateParts | null,
) {
  const tenant = await getTenant(deps.ssm, row.location_code!, row.tenant_id!)
  const [facility] = await tx
    .select({ location: locations, phone: snapshotLocations.phone })
    .from(locations)
    .leftJoin(snapshotLocations, eq(snapshotLocations.location_code, locations.location_code))
    .where(eq(locations.location_code, row.location_code!))
  const first = tenant?.first_name ?? ''
  const last = tenant?.last_name ?? ''
  await queueMessage(tx, {
    idempotency_key: rateNoticeKey(row),
    template: 'rate_change_notice',
    parts,
    location_code: row.location_code,
    recipient: { name: `${first} ${last}`.trim(), email: tenant?.email, phone: tenant?.cell_phone },
    data: {
      ...facilityPlaceholders(
        facility
          ? { ...facility.location, phone: facility.location.phone ?? facility.phone }
          : { name: row.location_code!, address: '', city: '', state: '', zip: '' },
      ),
      tenant: { first_name: first, last_name: last, full_name: `${first} ${last}`.trim() },
      unit_no: row.unit_no ?? '',
      current_rent: formatCents(row.old_cents ?? 0),
      new_rent: formatCents(row.new_cents ?? 0),
      effective_date: formatCalendarDate(row.effective_date ?? ''),
    },
  })
}

/**
 * Processes an upload row by row (DESIGN §12, decision 018): a row is marked `applying` before the call, so a run
 * after a crash asks the system first and applies nothing twice. Refused rows fail; an unreachable system throws.
 */
export async function runRateUpload(deps: RateJobDeps, uploadId: number, signal?: AbortSignal): Promise<void> {
  const { db, ssm } = deps
  const [upload] = await db.select().from(rateUploads).where(eq(rateUploads.id, uploadId))
  if (upload?.status !== 'processing') return
  const kind = upload.kind
  const left = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(rateUploadRows)
    .where(and(eq(rateUploadRows.upload_id, uploadId), inArray(rateUploadRows.state, ['pending', 'applying'])))
  await writeLiveLog(
    db,
    deps.live,
    kind,
    uploadId,
    `Processing ${left[0]?.value ?? 0} rate change${left[0]?.value === 1 ? '' : 's'}…`,
  )

  for await (const row of rowsInFileOrder(db, uploadId, ['pending', 'applying'], signal)) {
    let resumed = false
    if (row.state === 'pending') {
      const claimed = await db
        .update(rateUploadRows)
        .set({ state: 'applying' })
        .where(and(eq(rateUploadRows.id, row.id), eq(rateUploadRows.state, 'pending')))
        .returning({ id: rateUploadRows.id })
      if (claimed.length === 0) continue
    } else {
      resumed = await isInPlace(ssm, kind, row)
    }
    let outcome: { state: 'applied' | 'failed'; text: string }
    try {
      if (!resumed) {
        if (kind === 'street_rate') await updateStreetRate(ssm, row.location_code!, row.unit_type_id!, row.new_cents!)
        else
          await scheduleTenantRateChange(ssm, {
            location_code: row.location_code!,
            tenant_id: row.tenant_id!,
            lease_no: row.lease_no!,
            rent_cents: row.new_cents!,
            effective_date: row.effective_date!,
          })
      }
      outcome = { state: 'applied', text: resumed ? 'applied (found in place after a restart)' : 'applied' }
    } catch (error) {
      // Unreachable or a fault: unknown whether it was applied; the row stays `applying` for the next run.
      if (!(error instanceof SsmError) || error.retCode === null) throw error
      outcome = { state: 'failed', text: `refused by the storage-management system: ${error.message}` }
    }
    await db.transaction(async (tx) => {
      await tx
        .update(rateUploadRows)
        .set({
          state: outcome.state,
          outcome: outcome.text,
          applied_at: outcome.state === 'applied' ? new Date() : null,
        })
        .where(eq(rateUploadRows.id, row.id))
      if (kind === 'tenant_rate' && outcome.state === 'applied')
        await queueRateNotice(deps, tx, row, upload.message_parts)
    })
    await writeLiveLog(db, deps.live, kind, uploadId, `${describe(kind, row)}: ${outcome.text}`, {
      item: true,
      isError: outcome.state === 'failed',
    })
  }
  if (signal?.aborted) return

  const finished = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(rateUploads)
      .set({ status: 'processed', processed_at: new Date() })
      .where(and(eq(rateUploads.id, uploadId), eq(rateUploads.status, 'processing')))
      .returning()
    if (!done) return null
    const counts = await tx
      .select({ state: rateUploadRows.state, value: sql<number>`count(*)::int` })
      .from(rateUploadRows)
      .where(eq(rateUploadRows.upload_id, uploadId))
      .groupBy(rateUploadRows.state)
    const summary = Object.fromEntries(counts.map((entry) => [entry.state, entry.value]))
    await recordAudit(
      tx,
      SYSTEM,
      'processed',
      kind,
      uploadId,
      { status: 'processing' },
      { status: 'processed', ...summary },
    )
    return summary
  })
  if (!finished) return
  const failed = finished.failed ?? 0
  if (failed > 0)
    await writeLiveLog(
      db,
      deps.live,
      kind,
      uploadId,
      `${failed} of ${(finished.applied ?? 0) + failed} rate changes were refused; see the log.`,
      {
        isError: true,
      },
    )
  await writeLiveLog(db, deps.live, kind, uploadId, RATE_MESSAGES.processed)
  deps.log.info({ upload: uploadId, kind, ...finished }, 'rate upload processed')
}

/** Undoes a processed upload row by row (issue 16), each step safe to repeat; changed-since rows are skipped, said so. */
export async function runRateUndo(deps: RateJobDeps, uploadId: number, signal?: AbortSignal): Promise<void> {
  const { db, ssm } = deps
  const [upload] = await db.select().from(rateUploads).where(eq(rateUploads.id, uploadId))
  if (upload?.status !== 'undoing') return
  const kind = upload.kind
  await writeLiveLog(db, deps.live, kind, uploadId, `Undoing upload ${uploadId}…`)
  for await (const row of rowsInFileOrder(db, uploadId, ['applied'], signal)) {
    let outcome: { state: 'undone' | 'skipped'; text: string }
    try {
      if (kind === 'street_rate') {
        const type = (await getUnitTypes(ssm, row.location_code!)).find(
          (entry) => entry.unit_type_id === row.unit_type_id,
        )
        if (type?.street_cents === row.new_cents)
          await updateStreetRate(ssm, row.location_code!, row.unit_type_id!, row.old_cents!)
        outcome =
          type && type.street_cents !== row.new_cents && type.street_cents !== row.old_cents
            ? {
                state: 'skipped',
                text: `not undone: the street rate changed since (now ${formatCents(type.street_cents)})`,
              }
            : { state: 'undone', text: `undone: back to ${formatCents(row.old_cents ?? 0)}` }
      } else if (row.effective_date! <= today()) {
        outcome = { state: 'skipped', text: `not undone: in effect since ${row.effective_date}` }
      } else {
        await cancelTenantRateChange(ssm, {
          location_code: row.location_code!,
          tenant_id: row.tenant_id!,
          lease_no: row.lease_no!,
        })
        outcome = { state: 'undone', text: 'undone: the scheduled change was cancelled' }
      }
    } catch (error) {
      if (!(error instanceof SsmError) || error.retCode === null) throw error
      outcome = { state: 'skipped', text: `not undone: ${error.message}` }
    }
    await db
      .update(rateUploadRows)
      .set({ state: outcome.state, outcome: `${row.outcome ?? 'applied'}; ${outcome.text}` })
      .where(eq(rateUploadRows.id, row.id))
    await writeLiveLog(db, deps.live, kind, uploadId, `${describe(kind, row)}: ${outcome.text}`, {
      item: true,
      isError: outcome.state === 'skipped',
    })
  }
  if (signal?.aborted) return
  const done = await db.transaction(async (tx) => {
    const [finished] = await tx
      .update(rateUploads)
      .set({ status: 'processed', undone_at: new Date() })
      .where(and(eq(rateUploads.id, uploadId), eq(rateUploads.status, 'undoing')))
      .returning()
    if (finished)
      await recordAudit(
        tx,
        SYSTEM,
        'undone',
        kind,
        uploadId,
        { status: 'undoing' },
        { status: 'processed', undone_at: finished.undone_at },
      )
    return finished
  })
  if (done) await writeLiveLog(db, deps.live, kind, uploadId, `Upload ${uploadId} was undone.`)
}

export function registerRateUploadJob(app: FastifyInstance) {
  const deps = (): RateJobDeps => ({ db: app.db, ssm: app.ssm, live: app.live, log: app.log })
  app.jobs.work<{ upload_id: number; undo?: boolean }>(
    RATE_UPLOAD_QUEUE,
    async (job, signal) =>
      job.data.undo
        ? runRateUndo(deps(), job.data.upload_id, signal)
        : runRateUpload(deps(), job.data.upload_id, signal),
    {
      pollingIntervalSeconds: 1,
      // Without a retry left, the next start queues it again (below): an upload is never left half done.
      onLost: async (data, { retrying }) => {
        if (!retrying)
          await app.jobs.send(RATE_UPLOAD_QUEUE, data, {
            ...rateJobOptions(data.upload_id),
            singletonKey: `rate-upload-${data.upload_id}-${Date.now()}`,
          })
      },
    },
  )
  // Uploads left processing by a server that stopped are picked up again (their rows say what is left).
  app.addHook('onReady', async () => {
    const running = await app.db
      .select({ id: rateUploads.id })
      .from(rateUploads)
      .where(eq(rateUploads.status, 'processing'))
    for (const upload of running)
      await app.jobs.send(RATE_UPLOAD_QUEUE, { upload_id: upload.id }, rateJobOptions(upload.id))
  })
}
