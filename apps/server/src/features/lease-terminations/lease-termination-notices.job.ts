import { setTimeout as sleep } from 'node:timers/promises'
import { and, asc, eq, max, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { formatCalendarDate } from '@storageops/contracts/calendar-date'
import type { Db } from '../../db/client.ts'
import { leaseTerminationBatches, leaseTerminations, locations, snapshotLocations } from '../../db/schema.ts'
import type { FileStorage } from '../../integrations/files/storage.ts'
import { publicBaseUrl } from '../communications/channels.ts'
import { facilityPlaceholders, namePlaceholders, queueMessage } from '../communications/outbox.service.ts'
import { formatTimeOfDay } from '@storageops/contracts/lease-terminations'
import { renderNoticePdf } from './notice-pdf.ts'
import { noticeLink, noticeLinkSecret } from './lease-terminations.service.ts'
import { DEMO_COMPANY } from '../../seed/generate.ts'

export const LEASE_TERMINATION_QUEUE = 'lease-termination-notices'

export interface NoticeJobDeps {
  db: Db
  files: FileStorage
  /** Seconds between two notices of a batch (spec: 5). */
  pacingSeconds: number
  linkFor(row: { id: number; token: string }): string
}

/** pg-boss options of a batch's job: long enough for every notice at the pacing, retried after a crash. */
export const noticeJobOptions = (batchId: number, notices: number, pacingSeconds: number) => ({
  retryLimit: 3,
  retryDelay: 5,
  singletonKey: `lease-termination-${batchId}`,
  expireInSeconds: Math.ceil(notices * (pacingSeconds + 2) + 120),
})

/** Under the batch's lock: PDF, marked sent, email and SMS queued, from what the batch kept; sent ones never again. */
async function sendNotice(deps: NoticeJobDeps, noticeId: number) {
  await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        row: leaseTerminations,
        location: locations,
        phone: snapshotLocations.phone,
        content: leaseTerminationBatches.content,
      })
      .from(leaseTerminations)
      .innerJoin(leaseTerminationBatches, eq(leaseTerminationBatches.id, leaseTerminations.batch_id))
      .innerJoin(locations, eq(locations.location_code, leaseTerminations.location_code))
      .leftJoin(snapshotLocations, eq(snapshotLocations.location_code, leaseTerminations.location_code))
      .where(and(eq(leaseTerminations.id, noticeId), eq(leaseTerminations.status, 'pending')))
    if (!found) return
    const { row, location } = found
    // What the batch kept at submit; a batch from before it kept any reads the facility and template as they are.
    const facility = found.content?.facility ?? { ...location, phone: location.phone ?? found.phone }
    // The notice is sent as of now: rendering it counts within the pacing, not on top of it.
    const sentAt = new Date()
    const file = `lease-termination-${row.token}.pdf`
    const pdf = await renderNoticePdf({
      notice_id: row.id,
      company: DEMO_COMPANY,
      facility,
      tenant: { name: row.tenant_name },
      units: row.units,
      termination_type: row.termination_type,
      termination_date: row.termination_date,
      termination_time: row.termination_time,
      reason_and_notes: row.reason,
      issued_on: found.content?.issued_on ?? new Date().toLocaleDateString('en-CA'),
    })
    await deps.files.put(file, pdf, 'application/pdf')
    await tx
      .update(leaseTerminations)
      .set({ status: 'sent', notice_file: file, sent_at: sentAt })
      .where(eq(leaseTerminations.id, row.id))
    await queueMessage(tx, {
      idempotency_key: `lease-termination/${row.id}`,
      template: 'lease_termination_notice',
      parts: found.content?.parts,
      location_code: row.location_code,
      recipient: { name: row.tenant_name, email: row.tenant_email, phone: row.tenant_phone },
      data: {
        ...facilityPlaceholders(facility),
        tenant: namePlaceholders(row.tenant_name),
        units: row.units.join(', '),
        termination_type: row.termination_type.toUpperCase(),
        termination_date: formatCalendarDate(row.termination_date),
        termination_time: formatTimeOfDay(row.termination_time),
        reason: row.reason,
        notice_url: deps.linkFor(row),
      },
    })
  })
}

/** One tenant at a time, `pacingSeconds` apart (spec §9); a run after a restart goes on with the pending ones. */
export async function runNoticeBatch(deps: NoticeJobDeps, batchId: number): Promise<void> {
  for (;;) {
    const next = await deps.db.transaction(async (tx) => {
      const [batch] = await tx
        .select()
        .from(leaseTerminationBatches)
        .where(eq(leaseTerminationBatches.id, batchId))
        .for('update')
      if (!batch || batch.status === 'done') return { done: true as const }
      const [pending] = await tx
        .select({ id: leaseTerminations.id })
        .from(leaseTerminations)
        .where(and(eq(leaseTerminations.batch_id, batchId), eq(leaseTerminations.status, 'pending')))
        .orderBy(asc(leaseTerminations.id))
        .limit(1)
      if (!pending) {
        await tx
          .update(leaseTerminationBatches)
          .set({ status: 'done', finished_at: new Date() })
          .where(eq(leaseTerminationBatches.id, batchId))
        return { done: true as const }
      }
      const [last] = await tx
        .select({ at: max(leaseTerminations.sent_at), now: sql<string>`now()` })
        .from(leaseTerminations)
        .where(eq(leaseTerminations.batch_id, batchId))
      const waitMs = last?.at
        ? new Date(last.at).getTime() + deps.pacingSeconds * 1000 - new Date(last.now).getTime()
        : 0
      return { done: false as const, id: pending.id, waitMs }
    })
    if (next.done) return
    if (next.waitMs > 0) {
      await sleep(next.waitMs)
      continue
    }
    await sendNotice(deps, next.id)
  }
}

export function registerLeaseTerminationJob(app: FastifyInstance) {
  const deps = (): NoticeJobDeps => {
    const secret = noticeLinkSecret(app.env)
    return {
      db: app.db,
      files: app.files,
      pacingSeconds: app.env.NOTICE_PACING_SECONDS,
      linkFor: (row) => noticeLink(publicBaseUrl(app), secret, row),
    }
  }
  app.jobs.work<{ batch_id: number }>(
    LEASE_TERMINATION_QUEUE,
    async (job) => runNoticeBatch(deps(), job.data.batch_id),
    {
      pollingIntervalSeconds: 1,
    },
  )
  app.addHook('onReady', async () => {
    const running = await app.db
      .select({ id: leaseTerminationBatches.id })
      .from(leaseTerminationBatches)
      .where(eq(leaseTerminationBatches.status, 'running'))
    for (const batch of running)
      await app.jobs.send(
        LEASE_TERMINATION_QUEUE,
        { batch_id: batch.id },
        noticeJobOptions(batch.id, 100, app.env.NOTICE_PACING_SECONDS),
      )
  })
}
