import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { communications, smsOptOuts } from '../../db/schema.ts'
import { toE164 } from '@storageops/contracts/phone'
import { refreshTemplateStatus } from './templates.service.ts'

const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'])
const START_WORDS = new Set(['START', 'YES', 'UNSTOP'])

/** A Twilio MessageStatus callback: delivered, or failed with the carrier's code; never back to an earlier status. */
export async function recordSmsStatus(
  db: Db,
  communicationId: number,
  params: Record<string, string>,
  failurePercent: number,
): Promise<void> {
  const status = params.MessageStatus ?? params.SmsStatus ?? ''
  const sid = params.MessageSid ?? params.SmsSid ?? null
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(communications)
      .where(and(eq(communications.id, communicationId), eq(communications.method, 'sms')))
      .for('update')
    if (!row || (row.provider_id && sid && row.provider_id !== sid)) return
    const common = {
      provider_id: row.provider_id ?? sid,
      sent_at: sql`coalesce(${communications.sent_at}, now())`,
      updated_at: new Date(),
    }
    if (status === 'delivered') {
      await tx
        .update(communications)
        .set({ ...common, status: 'delivered', delivered_at: new Date(), error: null })
        .where(eq(communications.id, row.id))
    } else if (status === 'undelivered' || status === 'failed') {
      await tx
        .update(communications)
        .set({ ...common, status: 'failed', error: `Not delivered (carrier error ${params.ErrorCode ?? 'unknown'})` })
        .where(eq(communications.id, row.id))
    } else if (status === 'sent' && (row.status === 'sending' || row.status === 'queued')) {
      await tx
        .update(communications)
        .set({ ...common, status: 'sent' })
        .where(and(eq(communications.id, row.id), inArray(communications.status, ['sending', 'queued'])))
    } else return
    await refreshTemplateStatus(tx, row.template_id, failurePercent)
  })
}

/** An inbound text: STOP (and its synonyms) opts the number out of every text, START opts it back in. */
export async function recordInboundSms(
  db: Db,
  params: Record<string, string>,
): Promise<'opted-out' | 'opted-in' | null> {
  const phone = toE164(params.From) ?? params.From
  if (!phone) return null
  const word = (params.Body ?? '').trim().toUpperCase()
  if (STOP_WORDS.has(word)) {
    await db
      .insert(smsOptOuts)
      .values({ cell_phone: phone, source: 'STOP' })
      .onConflictDoNothing({ target: smsOptOuts.cell_phone })
    return 'opted-out'
  }
  if (START_WORDS.has(word)) {
    await db.delete(smsOptOuts).where(eq(smsOptOuts.cell_phone, phone))
    return 'opted-in'
  }
  return null
}
