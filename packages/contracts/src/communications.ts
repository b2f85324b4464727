import { z } from 'zod'
import { recordsPage } from './list-query.ts'
import { SMS_BODY_MAX } from './sms-segments.ts'

export const COMMUNICATION_MESSAGES = {
  templateSaved: 'Communication Templates updated successfully.',
  templateNotFound: 'Template not found',
  smsTooLong: `SMS Body can have at most ${SMS_BODY_MAX} characters.`,
} as const

export const COMMUNICATION_HISTORY_PAGE_SIZE = 20

export const TemplateStatus = z.enum(['Operational', 'Issue'])
export type TemplateStatus = z.infer<typeof TemplateStatus>

/** A communication template (spec: admin-console-part-2 §3), plus its key, placeholders and why it has the status it has. */
export const CommunicationTemplate = z.object({
  id: z.number().int(),
  key: z.string(),
  template_name: z.string(),
  status: TemplateStatus,
  status_updated_at: z.string().describe('ISO 8601: when the status last changed'),
  status_reason: z.string().nullable().describe('why the template is in Issue, e.g. "4 of the last 10 sends failed"'),
  sms_body: z.string(),
  email_subject: z.string(),
  email_body: z.string(),
  placeholders: z.array(z.string()).describe('the placeholders the template may use, e.g. tenant.first_name'),
  sample: z.record(z.string(), z.unknown()).describe('the values the preview renders with'),
  updatedAt: z.string(),
  sending: z
    .object({ batches: z.number().int(), notices_left: z.number().int() })
    .nullable()
    .describe(
      'batches still going out with the parts they kept at submit (a save does not change them) and their notices not yet sent; null when none',
    ),
})
export type CommunicationTemplate = z.infer<typeof CommunicationTemplate>

export const UpdateTemplateInput = z.object({
  sms_body: z.string().max(SMS_BODY_MAX, COMMUNICATION_MESSAGES.smsTooLong),
  email_subject: z.string().trim().min(1, 'Email Subject is required.').max(300),
  email_body: z.string().min(1, 'Email Body is required.').max(200_000),
})
export type UpdateTemplateInput = z.infer<typeof UpdateTemplateInput>

export const TemplateIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })

export const COMMUNICATION_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'suppressed'] as const
export const CommunicationStatus = z.enum(COMMUNICATION_STATUSES)
export type CommunicationStatus = z.infer<typeof CommunicationStatus>

/** Statuses the history shows green, as 'success' (spec §2: success green, anything else red). */
export const isSuccessfulCommunication = (status: CommunicationStatus) => status === 'sent' || status === 'delivered'

export const CommunicationMethod = z.enum(['email', 'sms'])
export type CommunicationMethod = z.infer<typeof CommunicationMethod>

/** A Communication History row (spec: admin-console-part-2 §3), plus what the outbox knows (sent_at, error, attempts, …). */
export const Communication = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  method: CommunicationMethod,
  status: CommunicationStatus,
  html_body: z.string().nullable(),
  text_body: z.string().nullable(),
  subject: z.string().nullable(),
  prospect: z.object({
    name: z.string().nullable(),
    site_name: z.string().nullable(),
    email_address: z.string().nullable(),
    cell_phone: z.string().nullable(),
  }),
  communication_template: z.object({ id: z.number().int(), email_subject: z.string(), template_name: z.string() }),
  idempotency_key: z.string(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
})
export type Communication = z.infer<typeof Communication>

/** GET /api/communications?limit=20&offset={n} (spec §7): rows and count; limit at most 100. */
export const CommunicationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(COMMUNICATION_HISTORY_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
})
export const CommunicationsPage = recordsPage(Communication)
export type CommunicationsPage = z.infer<typeof CommunicationsPage>
