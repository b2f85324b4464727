import { eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import { communications, smsOptOuts } from '../../db/schema.ts'
import { EmailSendError, type EmailSender } from '../../integrations/email/email-sender.ts'
import { SmsSendError, UNSUBSCRIBED_RECIPIENT, type SmsSender } from '../../integrations/sms/sms-client.ts'
import { messageIdFor } from './outbox.service.ts'
import { refreshTemplateStatus } from './templates.service.ts'

export interface OutboxSettings {
  emailFrom: string
  sendTimeoutMs: number
  claimTimeoutSeconds: number
  maxAttempts: number
  retryDelaySeconds: number
  templateIssueFailurePercent: number
  concurrency: number
}

export interface OutboxDeps {
  db: Db
  email: EmailSender
  sms: SmsSender
  log: FastifyBaseLogger
  settings: OutboxSettings
  /** Where the SMS provider reports a message's status (our /api/sms/status, with the communication id). */
  statusCallbackUrl(communicationId: number): string
}

type Row = typeof communications.$inferSelect
interface Claimed {
  row: Row
  /** Set when the message was taken over from a sender that did not finish (a crash): when that sender claimed it. */
  takenOverFrom: Date | null
}

type Outcome =
  | { status: 'sent'; provider_id: string }
  | { status: 'suppressed'; error: string }
  | { status: 'failed'; error: string }
  | { status: 'retry'; error: string }

/** FOR UPDATE SKIP LOCKED, so senders on several servers never take the same message. */
async function claimNext(db: Db, claimTimeoutSeconds: number): Promise<Claimed | null> {
  const result = await db.execute<Record<string, unknown>>(sql`
    with next as (
      select id, status as previous_status, claimed_at as previous_claimed_at
      from ${communications}
      where (status = 'queued' and next_attempt_at <= now())
         or (status = 'sending' and claimed_at < now() - make_interval(secs => ${claimTimeoutSeconds}))
      order by next_attempt_at, id
      limit 1
      for update skip locked
    )
    update ${communications} c
    set status = 'sending', claimed_at = now(), attempts = c.attempts + 1, updated_at = now()
    from next
    where c.id = next.id
    returning c.id, next.previous_status, next.previous_claimed_at`)
  const claimed = (result as { rows: Array<Record<string, unknown>> }).rows[0]
  if (!claimed) return null
  const [row] = await db
    .select()
    .from(communications)
    .where(eq(communications.id, Number(claimed.id)))
  const previousClaim = claimed.previous_claimed_at
  return {
    row: row!,
    takenOverFrom:
      claimed.previous_status === 'sending' && previousClaim ? new Date(previousClaim as string | Date) : null,
  }
}

const withTimeout = <T>(promise: Promise<T>, ms: number, what: string) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms)
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error instanceof Error ? error : new Error(String(error)))),
    )
  })

async function sendEmail(deps: OutboxDeps, row: Row): Promise<Outcome> {
  const messageId = messageIdFor(row.idempotency_key)
  try {
    await withTimeout(
      deps.email.send({
        messageId,
        from: deps.settings.emailFrom,
        to: row.recipient_name
          ? `"${row.recipient_name.replace(/["\\]/g, '')}" <${row.email_address}>`
          : row.email_address!,
        subject: row.subject ?? '',
        html: row.html_body ?? '',
        text: '',
        headers: { 'X-StorageOps-Key': row.idempotency_key },
      }),
      deps.settings.sendTimeoutMs,
      'SMTP send',
    )
    return { status: 'sent', provider_id: messageId }
  } catch (error) {
    const message = (error as Error).message
    return error instanceof EmailSendError && error.permanent
      ? { status: 'failed', error: message }
      : { status: 'retry', error: message }
  }
}

async function sendSms(deps: OutboxDeps, claimed: Claimed): Promise<Outcome> {
  const { row } = claimed
  const phone = row.cell_phone!
  const [optedOut] = await deps.db.select().from(smsOptOuts).where(eq(smsOptOuts.cell_phone, phone))
  if (optedOut) return { status: 'suppressed', error: 'The number opted out (STOP).' }
  try {
    // A message taken over after a crash may have reached the provider: ask it before sending again.
    if (claimed.takenOverFrom) {
      const earlier = await withTimeout(
        deps.sms.findSent(phone, row.text_body ?? '', claimed.takenOverFrom),
        deps.settings.sendTimeoutMs,
        'SMS lookup',
      )
      if (earlier) return { status: 'sent', provider_id: earlier.sid }
    }
    const sent = await withTimeout(
      deps.sms.send({ to: phone, body: row.text_body ?? '', statusCallback: deps.statusCallbackUrl(row.id) }),
      deps.settings.sendTimeoutMs,
      'SMS send',
    )
    return { status: 'sent', provider_id: sent.sid }
  } catch (error) {
    const message = (error as Error).message
    if (error instanceof SmsSendError && error.code === UNSUBSCRIBED_RECIPIENT) {
      await deps.db
        .insert(smsOptOuts)
        .values({ cell_phone: phone, source: 'provider 21610' })
        .onConflictDoNothing({ target: smsOptOuts.cell_phone })
      return { status: 'suppressed', error: message }
    }
    return error instanceof SmsSendError && error.permanent
      ? { status: 'failed', error: message }
      : { status: 'retry', error: message }
  }
}

async function record(deps: OutboxDeps, row: Row, outcome: Outcome) {
  const { settings } = deps
  await deps.db.transaction(async (tx) => {
    const id = eq(communications.id, row.id)
    if (outcome.status === 'sent') {
      // A status callback may have arrived first (delivered): never step back from it.
      await tx
        .update(communications)
        .set({
          status: sql`case when ${communications.status} = 'sending' then 'sent' else ${communications.status} end`,
          provider_id: outcome.provider_id,
          sent_at: sql`coalesce(${communications.sent_at}, now())`,
          error: null,
          updated_at: new Date(),
        })
        .where(id)
    } else if (outcome.status === 'retry' && row.attempts < settings.maxAttempts) {
      const delay = settings.retryDelaySeconds * 2 ** (row.attempts - 1)
      await tx
        .update(communications)
        .set({
          status: 'queued',
          error: outcome.error,
          claimed_at: null,
          next_attempt_at: sql`now() + make_interval(secs => ${delay})`,
          updated_at: new Date(),
        })
        .where(id)
    } else {
      await tx
        .update(communications)
        .set({
          status: outcome.status === 'suppressed' ? 'suppressed' : 'failed',
          error: outcome.error,
          updated_at: new Date(),
        })
        .where(id)
    }
    await refreshTemplateStatus(tx, row.template_id, settings.templateIssueFailurePercent)
  })
}

/**
 * Sends what is due for up to `budgetMs`, `concurrency` at a time; after a crash an email goes again with the same
 * Message-ID, an SMS only when the provider has no record of it. Returns how many it handled.
 */
export async function drainOutbox(deps: OutboxDeps, options: { budgetMs: number }): Promise<number> {
  const startedAt = Date.now()
  let handled = 0
  const worker = async () => {
    while (Date.now() - startedAt < options.budgetMs) {
      const claimed = await claimNext(deps.db, deps.settings.claimTimeoutSeconds)
      if (!claimed) return
      const { row } = claimed
      let outcome: Outcome
      if (row.attempts > deps.settings.maxAttempts)
        outcome = { status: 'failed', error: row.error ?? 'Too many attempts' }
      else outcome = row.method === 'email' ? await sendEmail(deps, row) : await sendSms(deps, claimed)
      await record(deps, row, outcome)
      if (outcome.status !== 'sent')
        deps.log.warn({ communication: row.id, method: row.method, outcome }, 'message not sent')
      handled++
    }
  }
  // Round trips overlap; each message is still claimed alone.
  await Promise.all(Array.from({ length: deps.settings.concurrency }, worker))
  return handled
}

export async function hasDueMessages(db: Db, claimTimeoutSeconds: number): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from ${communications}
    where (status = 'queued' and next_attempt_at <= now())
       or (status = 'sending' and claimed_at < now() - make_interval(secs => ${claimTimeoutSeconds}))
    limit 1`)
  return (result as { rows: unknown[] }).rows.length > 0
}
