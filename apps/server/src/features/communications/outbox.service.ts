import { createHash } from 'node:crypto'
import { count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { CommunicationMethod, CommunicationsPage } from '@storageops/contracts/communications'
import {
  MESSAGE_TEMPLATES,
  renderTemplatePart,
  type MessageData,
  type MessageTemplateKey,
} from '@storageops/contracts/message-templates'
import { toE164 } from '@storageops/contracts/phone'
import type { Db, Tx } from '../../db/client.ts'
import { communicationTemplates, communications, locations, type TemplateParts } from '../../db/schema.ts'
import { DEMO_COMPANY } from '../../seed/generate.ts'
import { refreshTemplateStatus } from './templates.service.ts'

export interface MessageRecipient {
  name?: string | null
  email?: string | null
  phone?: string | null
}

export async function templateNow(tx: Tx | Db, key: MessageTemplateKey) {
  const [template] = await tx.select().from(communicationTemplates).where(eq(communicationTemplates.key, key))
  if (!template) throw new Error(`No communication template ${key}`)
  const { id, sms_body, email_subject, email_body } = template
  return { id, parts: { sms_body, email_subject, email_body } satisfies TemplateParts }
}

export interface QueueMessageInput<K extends MessageTemplateKey> {
  /** `auction-winner/{winner_id}`, …: queuing a key again queues nothing; `#email` / `#sms` is appended per method. */
  idempotency_key: string
  template: K
  data: MessageData<K>
  recipient: MessageRecipient
  location_code?: string | null
  /** Default: email with an address, SMS with a number when the template has an SMS body. */
  methods?: CommunicationMethod[]
  /** The parts a batch kept (templateNow at its submit); the template as it is now when not given. */
  parts?: TemplateParts | null
}

/** The company and facility placeholders of every template, from a facility's row. */
export function facilityPlaceholders(facility: {
  name: string
  address: string
  city: string
  state: string
  zip: string
  phone?: string | null
}) {
  const { name, address, city, state, zip, phone } = facility
  return { company: { name: DEMO_COMPANY }, facility: { name, address, city, state, zip, phone: phone ?? '' } }
}

export function namePlaceholders(fullName: string) {
  const [first = '', ...rest] = fullName.trim().split(/\s+/)
  return { first_name: first, last_name: rest.join(' '), full_name: fullName }
}

export interface QueuedMessage {
  id: number
  idempotency_key: string
  method: CommunicationMethod
  status: string
}

/** In the transaction of the change that causes it (DESIGN §10): one row per method; an unrenderable one is failed. */
export async function queueMessage<K extends MessageTemplateKey>(
  tx: Tx | Db,
  input: QueueMessageInput<K>,
): Promise<QueuedMessage[]> {
  const now = await templateNow(tx, input.template)
  const template = { id: now.id, ...(input.parts ?? now.parts) }
  const email = input.recipient.email?.trim() || null
  const phone = input.recipient.phone?.trim() || null
  const methods =
    input.methods ??
    ([...(email ? ['email'] : []), ...(phone && template.sms_body.trim() ? ['sms'] : [])] as CommunicationMethod[])

  const result: QueuedMessage[] = []
  let renderFailed = false
  for (const method of methods) {
    const key = `${input.idempotency_key}#${method}`
    let status: 'queued' | 'failed' = 'queued'
    let error: string | null = null
    let subject: string | null = null
    let html: string | null = null
    let text: string | null = null
    try {
      if (method === 'email') {
        subject = renderTemplatePart('email_subject', template.email_subject, input.data)
        html = renderTemplatePart('email_body', template.email_body, input.data)
      } else {
        text = renderTemplatePart('sms_body', template.sms_body, input.data)
      }
    } catch (renderError) {
      status = 'failed'
      error = `The template could not be rendered: ${(renderError as Error).message}`
      renderFailed = true
    }
    if (status === 'queued' && method === 'email' && !email) [status, error] = ['failed', 'No email address']
    if (status === 'queued' && method === 'sms' && !toE164(phone))
      [status, error] = ['failed', `Not a valid phone number: ${phone ?? 'none'}`]
    const [row] = await tx
      .insert(communications)
      .values({
        idempotency_key: key,
        template_id: template.id,
        method,
        recipient_name: input.recipient.name ?? null,
        email_address: email,
        cell_phone: method === 'sms' ? (toE164(phone) ?? phone) : phone,
        location_code: input.location_code ?? null,
        subject,
        html_body: html,
        text_body: text,
        data: input.data as Record<string, unknown>,
        status,
        error,
      })
      .onConflictDoNothing({ target: communications.idempotency_key })
      .returning({
        id: communications.id,
        idempotency_key: communications.idempotency_key,
        method: communications.method,
        status: communications.status,
      })
    if (row) result.push(row)
    else {
      const [existing] = await tx
        .select({
          id: communications.id,
          idempotency_key: communications.idempotency_key,
          method: communications.method,
          status: communications.status,
        })
        .from(communications)
        .where(eq(communications.idempotency_key, key))
      result.push(existing!)
    }
  }
  if (renderFailed) await refreshTemplateStatus(tx, template.id)
  return result
}

export const templateNameOf = (key: MessageTemplateKey) => MESSAGE_TEMPLATES[key].template_name

/** The email's Message-ID, the same for every attempt of one message: a resend after a crash is the same email. */
export const messageIdFor = (idempotencyKey: string) =>
  `<${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32)}@outbox.storageops>`

/** Newest first (spec: admin-console-part-2 §2); ids by index first, so the joins touch one page. */
export async function listCommunications(
  db: Db,
  query: { limit: number; offset: number },
): Promise<CommunicationsPage> {
  const page = db
    .select({ id: communications.id })
    .from(communications)
    .orderBy(desc(communications.id))
    .limit(query.limit)
    .offset(query.offset)
    .as('page')
  const [rows, [total]] = await Promise.all([
    db
      .select({
        row: communications,
        site_name: locations.name,
        template_email_subject: communicationTemplates.email_subject,
        template_name: communicationTemplates.template_name,
      })
      .from(page)
      .innerJoin(communications, eq(communications.id, page.id))
      .innerJoin(communicationTemplates, eq(communicationTemplates.id, communications.template_id))
      .leftJoin(locations, eq(locations.location_code, communications.location_code))
      .orderBy(desc(communications.id)),
    db.select({ value: count() }).from(communications),
  ])
  return {
    count: total?.value ?? 0,
    rows: rows.map(({ row, site_name, template_email_subject, template_name }) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      method: row.method,
      status: row.status,
      html_body: row.html_body,
      text_body: row.text_body,
      subject: row.subject,
      prospect: {
        name: row.recipient_name,
        site_name: site_name ?? null,
        email_address: row.email_address,
        cell_phone: row.cell_phone,
      },
      communication_template: { id: row.template_id, email_subject: template_email_subject, template_name },
      idempotency_key: row.idempotency_key,
      attempts: row.attempts,
      error: row.error,
      sent_at: row.sent_at?.toISOString() ?? null,
      delivered_at: row.delivered_at?.toISOString() ?? null,
    })),
  }
}

export async function communicationsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return []
  return db.select().from(communications).where(inArray(communications.id, ids))
}

/** The messages not yet handed to their channel per status, and the oldest's age in seconds (database clock). */
export async function outboxBacklog(db: Db): Promise<Array<{ status: string; count: number; oldestSeconds: number }>> {
  return db
    .select({
      status: communications.status,
      count: count(),
      oldestSeconds: sql<number>`extract(epoch from now() - min(${communications.createdAt}))::float8`,
    })
    .from(communications)
    .where(inArray(communications.status, ['queued', 'sending']))
    .groupBy(communications.status)
}
