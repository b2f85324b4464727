import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { locations } from './facilities.ts'

/** A template's three parts as saved at one moment: a batch keeps them so that all its messages read alike (issue 35). */
export interface TemplateParts {
  sms_body: string
  email_subject: string
  email_body: string
}

/** One per kind of message, keyed by `key` (contracts message-templates.ts); status computed (issue 14). */
export const communicationTemplates = pgTable('communication_templates', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  template_name: text('template_name').notNull(),
  sms_body: text('sms_body').notNull().default(''),
  email_subject: text('email_subject').notNull(),
  email_body: text('email_body').notNull(),
  status: text('status', { enum: ['Operational', 'Issue'] })
    .notNull()
    .default('Operational'),
  status_reason: text('status_reason'),
  status_updated_at: timestamp('status_updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
})

/** The outbox and Communication History (DESIGN §10): queued → sending (claimed) → sent → delivered, or failed/suppressed. */
export const communications = pgTable(
  'communications',
  {
    id: serial('id').primaryKey(),
    idempotency_key: text('idempotency_key').notNull().unique(),
    template_id: integer('template_id')
      .notNull()
      .references(() => communicationTemplates.id),
    method: text('method', { enum: ['email', 'sms'] }).notNull(),
    recipient_name: text('recipient_name'),
    email_address: text('email_address'),
    cell_phone: text('cell_phone'),
    location_code: text('location_code').references(() => locations.location_code, {
      onDelete: 'set null',
      onUpdate: 'cascade',
    }),
    subject: text('subject'),
    html_body: text('html_body'),
    text_body: text('text_body'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'delivered', 'failed', 'suppressed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimed_at: timestamp('claimed_at', { withTimezone: true }),
    /** The provider's id: the email's Message-ID, or the SMS's SID. */
    provider_id: text('provider_id'),
    error: text('error'),
    createdAt: timestamp('createdAt', { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    delivered_at: timestamp('delivered_at', { withTimezone: true }),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('communications_due')
      .on(table.next_attempt_at)
      .where(sql`${table.status} in ('queued', 'sending')`),
    index('communications_template_recent').on(table.template_id, table.id),
    index('communications_provider_id').on(table.provider_id),
  ],
)

/** Phone numbers that answered STOP (or that the SMS provider reports unsubscribed): never texted until START. */
export const smsOptOuts = pgTable('sms_opt_outs', {
  cell_phone: text('cell_phone').primaryKey(),
  source: text('source').notNull(),
  opted_out_at: timestamp('opted_out_at', { withTimezone: true }).notNull().defaultNow(),
})
