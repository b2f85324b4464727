import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { communicationTemplates, communications, smsOptOuts } from '../../db/schema.ts'
import { useTestContext } from '../../test/context.ts'
import { recordInboundSms, recordSmsStatus } from './sms-webhooks.service.ts'

const ctx = useTestContext()
let templateId: number
let serial = 0

beforeAll(async () => {
  const [template] = await ctx.db
    .select({ id: communicationTemplates.id })
    .from(communicationTemplates)
    .where(eq(communicationTemplates.key, 'payment_link'))
  templateId = template!.id
})

type Row = typeof communications.$inferSelect

/** An SMS the outbox has handed to the provider (status sending), as the sender leaves it before any callback. */
async function smsRow(patch: Partial<typeof communications.$inferInsert> = {}): Promise<Row> {
  const [row] = await ctx.db
    .insert(communications)
    .values({
      idempotency_key: `sms-webhooks/${++serial}#sms`,
      template_id: templateId,
      method: 'sms',
      cell_phone: '+15125550100',
      text_body: 'Pay here',
      data: {},
      status: 'sending',
      ...patch,
    })
    .returning()
  return row!
}
const current = async (id: number) => (await ctx.db.select().from(communications).where(eq(communications.id, id)))[0]!

describe('status callbacks', () => {
  test('delivered marks the message delivered, keeps the provider id and when it was first sent', async () => {
    const row = await smsRow()
    const before = Date.now()
    await recordSmsStatus(ctx.db, row.id, { MessageSid: 'SM1', MessageStatus: 'delivered' }, 20)
    const after = await current(row.id)
    expect(after).toMatchObject({ status: 'delivered', provider_id: 'SM1', error: null })
    expect(after.delivered_at!.getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(after.sent_at).not.toBeNull()
    expect(after.updated_at.getTime()).toBeGreaterThan(row.updated_at.getTime())
  })

  test('the older field names (SmsSid, SmsStatus) are read too; a sent time already there is kept', async () => {
    const sentAt = new Date('2026-01-01T00:00:00.000Z')
    const row = await smsRow({ sent_at: sentAt, error: 'an earlier try' })
    await recordSmsStatus(ctx.db, row.id, { SmsSid: 'SM2', SmsStatus: 'delivered' }, 20)
    expect(await current(row.id)).toMatchObject({
      status: 'delivered',
      provider_id: 'SM2',
      sent_at: sentAt,
      error: null,
    })
  })

  test('undelivered and failed fail the message with the carrier code, or unknown without one', async () => {
    const undelivered = await smsRow()
    await recordSmsStatus(
      ctx.db,
      undelivered.id,
      { MessageSid: 'SM3', MessageStatus: 'undelivered', ErrorCode: '30003' },
      20,
    )
    expect(await current(undelivered.id)).toMatchObject({
      status: 'failed',
      provider_id: 'SM3',
      error: 'Not delivered (carrier error 30003)',
    })
    const failed = await smsRow()
    await recordSmsStatus(ctx.db, failed.id, { MessageSid: 'SM4', MessageStatus: 'failed' }, 20)
    expect(await current(failed.id)).toMatchObject({ status: 'failed', error: 'Not delivered (carrier error unknown)' })
    expect((await current(failed.id)).sent_at).not.toBeNull()
  })

  test('sent moves a queued or sending message to sent, never a delivered one back', async () => {
    const sending = await smsRow()
    await recordSmsStatus(ctx.db, sending.id, { MessageSid: 'SM5', MessageStatus: 'sent' }, 20)
    expect(await current(sending.id)).toMatchObject({ status: 'sent', provider_id: 'SM5' })
    const queued = await smsRow({ status: 'queued', next_attempt_at: new Date(Date.now() + 3_600_000) })
    await recordSmsStatus(ctx.db, queued.id, { MessageSid: 'SM6', MessageStatus: 'sent' }, 20)
    expect((await current(queued.id)).status).toBe('sent')
    const delivered = await smsRow({ status: 'delivered', provider_id: 'SM7' })
    await recordSmsStatus(ctx.db, delivered.id, { MessageSid: 'SM7', MessageStatus: 'sent' }, 20)
    expect(await current(delivered.id)).toMatchObject({ status: 'delivered', updated_at: delivered.updated_at })
  })

  test('a callback naming the message id the provider gave at sending updates that message', async () => {
    const row = await smsRow({ provider_id: 'SM13' })
    await recordSmsStatus(ctx.db, row.id, { MessageSid: 'SM13', MessageStatus: 'delivered' }, 20)
    expect(await current(row.id)).toMatchObject({ status: 'delivered', provider_id: 'SM13' })
  })

  test('an unknown status, another message id, an email or an unknown row change nothing', async () => {
    const row = await smsRow({ provider_id: 'SM8' })
    await recordSmsStatus(ctx.db, row.id, { MessageSid: 'SM8', MessageStatus: 'accepted' }, 20)
    await recordSmsStatus(ctx.db, row.id, { MessageSid: 'SM-other', MessageStatus: 'delivered' }, 20)
    expect(await current(row.id)).toMatchObject({ status: 'sending', provider_id: 'SM8', updated_at: row.updated_at })
    // Without a sid in the callback the row's own provider id stands.
    await recordSmsStatus(ctx.db, row.id, { MessageStatus: 'delivered' }, 20)
    expect(await current(row.id)).toMatchObject({ status: 'delivered', provider_id: 'SM8' })
    const email = await smsRow({ method: 'email', cell_phone: null, email_address: 'ana@example.com' })
    await recordSmsStatus(ctx.db, email.id, { MessageSid: 'SM9', MessageStatus: 'delivered' }, 20)
    expect(await current(email.id)).toMatchObject({ status: 'sending', provider_id: null })
    await expect(recordSmsStatus(ctx.db, 2_000_000_000, { MessageStatus: 'delivered' }, 20)).resolves.toBeUndefined()
  })

  test("a failed callback counts toward the template's status at the threshold given", async () => {
    const [other] = await ctx.db
      .select({ id: communicationTemplates.id })
      .from(communicationTemplates)
      .where(eq(communicationTemplates.key, 'auction_winner'))
    const statusOf = async () =>
      (await ctx.db.select().from(communicationTemplates).where(eq(communicationTemplates.id, other!.id)))[0]!
    // Only this test's sends count: the demo data's messages of the template go.
    await ctx.db.delete(communications).where(eq(communications.template_id, other!.id))
    for (let index = 0; index < 4; index++) await smsRow({ template_id: other!.id, status: 'delivered' })
    const last = await smsRow({ template_id: other!.id })
    await recordSmsStatus(ctx.db, last.id, { MessageSid: 'SM10', MessageStatus: 'failed', ErrorCode: '30005' }, 50)
    expect((await statusOf()).status).toBe('Operational')
    const again = await smsRow({ template_id: other!.id })
    await recordSmsStatus(ctx.db, again.id, { MessageSid: 'SM11', MessageStatus: 'undelivered' }, 10)
    expect(await statusOf()).toMatchObject({ status: 'Issue', status_reason: '2 of the last 6 sends failed' })
    const sentLate = await smsRow({ template_id: other!.id })
    await ctx.db.update(communications).set({ status: 'delivered' }).where(eq(communications.id, again.id))
    await recordSmsStatus(ctx.db, sentLate.id, { MessageSid: 'SM12', MessageStatus: 'sent' }, 20)
    expect((await statusOf()).status).toBe('Operational')
  })
})

describe('inbound texts', () => {
  const optedOut = async (phone: string) =>
    (await ctx.db.select().from(smsOptOuts).where(eq(smsOptOuts.cell_phone, phone))).length === 1

  test('STOP and each of its synonyms, in any case and spacing, opt the number out once', async () => {
    const words = ['STOP', 'stopall', ' Unsubscribe ', 'cancel', 'END', 'quit', 'revoke', 'OPTOUT']
    for (const [index, word] of words.entries()) {
      const phone = `+1512555020${index}`
      expect(await recordInboundSms(ctx.db, { From: phone, Body: word }), word).toBe('opted-out')
      expect(await optedOut(phone), word).toBe(true)
    }
    expect(await recordInboundSms(ctx.db, { From: '+15125550200', Body: 'STOP' })).toBe('opted-out')
    const [row] = await ctx.db.select().from(smsOptOuts).where(eq(smsOptOuts.cell_phone, '+15125550200'))
    expect(row!.source).toBe('STOP')
  })

  test('a number is kept in its E.164 form; START, YES and UNSTOP opt it back in', async () => {
    for (const word of ['START', 'yes', 'Unstop']) {
      expect(await recordInboundSms(ctx.db, { From: '(512) 555-0210', Body: 'stop' })).toBe('opted-out')
      expect(await optedOut('+15125550210')).toBe(true)
      expect(await recordInboundSms(ctx.db, { From: '+15125550210', Body: word }), word).toBe('opted-in')
      expect(await optedOut('+15125550210'), word).toBe(false)
    }
  })

  test('other texts, a text without a body and one without a sender change nothing', async () => {
    expect(await recordInboundSms(ctx.db, { From: '+15125550220', Body: 'Please stop by' })).toBeNull()
    expect(await recordInboundSms(ctx.db, { From: '+15125550220' })).toBeNull()
    expect(await optedOut('+15125550220')).toBe(false)
    expect(await recordInboundSms(ctx.db, { Body: 'STOP' })).toBeNull()
    expect(await recordInboundSms(ctx.db, { From: '', Body: 'STOP' })).toBeNull()
    expect(await ctx.db.select().from(smsOptOuts).where(eq(smsOptOuts.cell_phone, ''))).toHaveLength(0)
    // A sender that is no phone number is still opted out under what the provider sent.
    expect(await recordInboundSms(ctx.db, { From: 'short-code-1', Body: 'STOP' })).toBe('opted-out')
    expect(await optedOut('short-code-1')).toBe(true)
  })
})
