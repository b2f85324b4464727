import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { CommunicationTemplate, CommunicationsPage } from '@storageops/contracts/communications'
import { auditLog, communications, smsOptOuts } from '../../db/schema.ts'
import { twilioSignature } from '../../integrations/sms/twilio-signature.ts'
import { createTestContext, type TestContext } from '../../test/context.ts'
import { eventually, startMessagingStandIns, type MessagingStandIns } from '../../test/messaging-stand-ins.ts'
import { queueMessage } from './outbox.service.ts'
import { PAYMENT_LINK_SAMPLE } from '../../test/payment-link-sample.ts'

let ctx: TestContext
let standIns: MessagingStandIns
let admin: string
const ADMIN = 'admin.localhost'

beforeAll(async () => {
  standIns = await startMessagingStandIns()
  ctx = await createTestContext({ env: standIns.env })
  // Real HTTP for the SMS stand-in's callbacks.
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  standIns.sms.setInboundUrl(`http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}/api/sms/inbound`)
  admin = await ctx.signInAdmin()
})
afterAll(async () => {
  await ctx.close()
  await standIns.close()
})

const get = (url: string, token = admin) => ctx.request({ method: 'GET', url, host: ADMIN, token })
const put = (url: string, payload: object, token = admin) =>
  ctx.request({ method: 'PUT', url, host: ADMIN, token, payload })

const templates = async () => (await get('/api/communication_templates')).json<CommunicationTemplate[]>()
const templateOf = async (key: string) => (await templates()).find((template) => template.key === key)!

let serial = 0
const sample = PAYMENT_LINK_SAMPLE
/** Queues a payment-link message in its own transaction, as an area would. */
const queue = (recipient: { email?: string; phone?: string }, key = `test/${++serial}`) =>
  ctx.db.transaction((tx) =>
    queueMessage(tx, {
      idempotency_key: key,
      template: 'payment_link',
      data: sample,
      recipient: { name: 'Ana Ruiz', ...recipient },
    }),
  )
const rowsOf = async (ids: number[]) => ctx.db.select().from(communications).where(inArray(communications.id, ids))
const settled = (ids: number[], statuses = ['sent', 'delivered', 'failed', 'suppressed']) =>
  eventually(async () => {
    const rows = await rowsOf(ids)
    return rows.every((row) => statuses.includes(row.status)) && rows
  })

describe('communication templates', () => {
  test('the five templates the product sends exist, Operational, with their placeholders', async () => {
    const list = await templates()
    expect(list.map((template) => template.template_name)).toEqual([
      'Lease Termination Notice',
      'Auction Winner',
      'Tenant Payment Link',
      'Rate Change Notice',
      'Task Assigned to Your Role',
    ])
    expect(list.every((template) => template.status === 'Operational')).toBe(true)
    expect(list[0]!.placeholders).toContain('tenant.first_name')
    expect(list[0]!.placeholders).toContain('notice_url')
  })

  test("an unknown id is 404 'Template not found'", async () => {
    const response = await get('/api/communication_templates/999999')
    expect(response.statusCode).toBe(404)
    expect(response.json().message).toBe('Template not found')
  })

  test('saving an unknown placeholder is refused with 400 naming the field and the placeholder', async () => {
    const template = await templateOf('rate_change_notice')
    const response = await put(`/api/communication_templates/${template.id}`, {
      sms_body: template.sms_body,
      email_subject: template.email_subject,
      email_body: '<p>Hi {{ tenant.middle_name }}</p>',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ field: 'email_body' })
    expect(response.json().message).toContain('unknown placeholder {{ tenant.middle_name }}')
  })

  test('Liquid that does not parse, or an unknown filter, is refused naming the field', async () => {
    const template = await templateOf('rate_change_notice')
    const base = { sms_body: template.sms_body, email_subject: template.email_subject, email_body: template.email_body }
    const broken = await put(`/api/communication_templates/${template.id}`, {
      ...base,
      email_subject: 'Rent {{ unit_no',
    })
    expect(broken.json()).toMatchObject({ field: 'email_subject' })
    const filter = await put(`/api/communication_templates/${template.id}`, {
      ...base,
      sms_body: '{{ unit_no | shout }}',
    })
    expect(filter.statusCode).toBe(400)
    expect(filter.json()).toMatchObject({ field: 'sms_body' })
  })

  test('an SMS body over 160 characters is refused; exactly 160 is saved, audited', async () => {
    const template = await templateOf('rate_change_notice')
    const base = { email_subject: template.email_subject, email_body: template.email_body }
    const tooLong = await put(`/api/communication_templates/${template.id}`, { ...base, sms_body: 'a'.repeat(161) })
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json().field).toBe('sms_body')
    const saved = await put(`/api/communication_templates/${template.id}`, { ...base, sms_body: 'b'.repeat(160) })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json<CommunicationTemplate>().sms_body).toHaveLength(160)
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'communication_template'))
    expect(audits.some((entry) => entry.entity_id === String(template.id))).toBe(true)
  })

  test('each page is its own permission: the Content Editor and Customer Service roles are refused', async () => {
    for (const email of ['editor@example.com', 'cs@example.com']) {
      const token = await ctx.signInAdmin(email)
      expect((await get('/api/communication_templates', token)).statusCode).toBe(403)
      expect((await get('/api/communications', token)).statusCode).toBe(403)
    }
    expect((await ctx.request({ method: 'GET', url: '/api/communications', host: ADMIN })).statusCode).toBe(401)
  })
})

describe('outbox', () => {
  test('a queued email goes out once through SMTP, with a Message-ID from its key, and shows as sent', async () => {
    const [row] = await queue({ email: 'ana@example.com' })
    const [sent] = await settled([row!.id])
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 })
    const kept = standIns.smtp.messages.filter((message) => message.to.includes('ana@example.com'))
    expect(kept).toHaveLength(1)
    expect(kept[0]!.messageId).toBe(sent!.provider_id)
    expect(kept[0]!.raw).toContain('Your payment link for unit A101')
  })

  test('queuing the same key twice, even at the same moment, queues and sends once', async () => {
    const key = 'test/concurrent'
    const results = await Promise.all([
      queue({ email: 'twice@example.com' }, key),
      queue({ email: 'twice@example.com' }, key),
      queue({ email: 'twice@example.com' }, key),
    ])
    const ids = new Set(results.flat().map((row) => row.id))
    expect(ids.size).toBe(1)
    await settled([...ids])
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(standIns.smtp.messages.filter((message) => message.to.includes('twice@example.com'))).toHaveLength(1)
  })

  test('a temporary SMTP refusal (451) is retried and sent; a permanent one (550) fails without retrying', async () => {
    standIns.smtp.failNext(451, 'Try again later', 2, 'retry@example.com')
    const [retried] = await queue({ email: 'retry@example.com' })
    const [sent] = await settled([retried!.id])
    expect(sent).toMatchObject({ status: 'sent', attempts: 3 })

    standIns.smtp.failNext(550, 'No such user', 1, 'nobody@example.com')
    const [refused] = await queue({ email: 'nobody@example.com' })
    const [failed] = await settled([refused!.id])
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 })
    expect(failed!.error).toContain('No such user')
  })

  test('an SMS is sent with a status callback, and the signed callback marks it delivered', async () => {
    const [row] = await queue({ phone: '(512) 555-0142' })
    expect(row!.method).toBe('sms')
    const [delivered] = await settled([row!.id], ['delivered'])
    expect(delivered!.cell_phone).toBe('+15125550142')
    const sms = standIns.sms.messages.filter((message) => message.to === '+15125550142')
    expect(sms).toHaveLength(1)
    expect(delivered!.provider_id).toBe(sms[0]!.sid)
  })

  test('an undelivered SMS is failed with the carrier code; a provider 5xx is retried', async () => {
    standIns.sms.undeliverable.add('+15125550143')
    const [row] = await queue({ phone: '512-555-0143' })
    const [failed] = await settled([row!.id], ['failed'])
    expect(failed!.error).toContain('30003')

    standIns.sms.failNext(503, 20500, 'Service unavailable', '+15125550144')
    const [retried] = await queue({ phone: '512-555-0144' })
    const [delivered] = await settled([retried!.id], ['delivered'])
    expect(delivered!.attempts).toBe(2)
  })

  test('a number that texted STOP is not texted: the message is suppressed until it texts START', async () => {
    expect(await standIns.sms.receive('+15125550145', 'STOP')).toBe(200)
    expect(await ctx.db.select().from(smsOptOuts).where(eq(smsOptOuts.cell_phone, '+15125550145'))).toHaveLength(1)
    const [row] = await queue({ phone: '+15125550145' })
    const [suppressed] = await settled([row!.id])
    expect(suppressed!.status).toBe('suppressed')
    expect(standIns.sms.messages.some((message) => message.to === '+15125550145')).toBe(false)

    await standIns.sms.receive('+15125550145', 'START')
    const [again] = await queue({ phone: '+15125550145' })
    expect((await settled([again!.id], ['delivered']))[0]!.status).toBe('delivered')
  })

  test('webhooks without a valid Twilio signature are refused', async () => {
    const [row] = await ctx.db.select().from(communications).where(eq(communications.method, 'sms')).limit(1)
    const url = `/api/sms/status?communication_id=${row!.id}`
    const params = { MessageSid: 'SMx', MessageStatus: 'failed' }
    const unsigned = await ctx.request({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(params).toString(),
    })
    expect(unsigned.statusCode).toBe(401)
    const base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`
    const forged = await ctx.request({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature('wrong-token', `${base}${url}`, params),
      },
      payload: new URLSearchParams(params).toString(),
    })
    expect(forged.statusCode).toBe(401)
  })

  test('a message that cannot be addressed is recorded as failed, not lost', async () => {
    const [row] = await queue({ phone: '555-01' })
    expect(row!.status).toBe('failed')
    expect((await rowsOf([row!.id]))[0]!.error).toContain('Not a valid phone number')
  })

  test('a template whose recent sends fail above the threshold turns Issue, with the time it changed', async () => {
    // The status reads the template's last 20 finished sends: this test makes all 20 (the demo's rate uploads sent
    // their own notices before), 5 of them refused, so the window holds its own sends only.
    const template = await templateOf('rate_change_notice')
    expect(template.status).toBe('Operational')
    const data = {
      company: sample.company,
      facility: sample.facility,
      tenant: sample.tenant,
      unit_no: 'A101',
      current_rent: '$100.00',
      new_rent: '$110.00',
      effective_date: '09/01/2030',
    }
    const recipients = Array.from({ length: 20 }, (_, index) => `rate${index}@example.com`)
    for (const refused of recipients.slice(0, 5)) standIns.smtp.failNext(550, 'Mailbox unavailable', 1, refused)
    const rows = []
    for (const [index, email] of recipients.entries())
      rows.push(
        ...(await ctx.db.transaction((tx) =>
          queueMessage(tx, {
            idempotency_key: `test/rate/${index}`,
            template: 'rate_change_notice',
            data,
            recipient: { email },
          }),
        )),
      )
    const finished = await settled(rows.map((row) => row.id))
    expect(finished.filter((row) => row.status === 'failed')).toHaveLength(5)
    const after = await templateOf('rate_change_notice')
    expect(after.status).toBe('Issue')
    expect(after.status_reason).toBe('5 of the last 20 sends failed')
    expect(new Date(after.status_updated_at).getTime()).toBeGreaterThan(new Date(template.status_updated_at).getTime())
  })
})

describe('communication history', () => {
  test('20 per page, newest first, with the count, the facility, the template subject and the status', async () => {
    const [own] = await queue({ email: 'history@example.com' })
    await settled([own!.id])
    const page = (await get('/api/communications?limit=20&offset=0')).json<CommunicationsPage>()
    expect(page.count).toBeGreaterThan(5)
    expect(page.rows.length).toBeLessThanOrEqual(20)
    expect(page.rows[0]!.id).toBeGreaterThan(page.rows.at(-1)!.id)
    // The newest message is this test's own.
    const email = page.rows.find((row) => row.id === own!.id)!
    expect(email).toMatchObject({ method: 'email', status: 'sent' })
    expect(email.communication_template.template_name).toBe('Tenant Payment Link')
    expect(email.communication_template.email_subject).toBe(
      'Your payment link for unit {{ unit_no }} at {{ facility.name }}',
    )
    expect(email.html_body).toContain('Pay $10.00')
    const next = (await get('/api/communications?limit=2&offset=2')).json<CommunicationsPage>()
    expect(next.rows.map((row) => row.id)).toEqual(
      (await get('/api/communications?limit=4&offset=0'))
        .json<CommunicationsPage>()
        .rows.slice(2)
        .map((row) => row.id),
    )
  })

  test('limit above 100 or a negative offset is 400 naming the field', async () => {
    expect((await get('/api/communications?limit=1000')).json().field).toBe('limit')
    expect((await get('/api/communications?offset=-1')).json().field).toBe('offset')
  })
})
