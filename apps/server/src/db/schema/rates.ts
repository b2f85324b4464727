import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { communicationTemplates, type TemplateParts } from './communications.ts'
import { users } from './identity.ts'

/** One uploaded rate CSV (decision 018): pending → processing → processed; `undone_at` once undone. */
export const rateUploads = pgTable(
  'rate_uploads',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['street_rate', 'tenant_rate'] }).notNull(),
    status: text('status', { enum: ['pending', 'processing', 'processed', 'discarded', 'undoing'] })
      .notNull()
      .default('pending'),
    file_name: text('file_name').notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('userName').notNull(),
    uploaded_at: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    processed_by: text('processed_by'),
    processing_started_at: timestamp('processing_started_at', { withTimezone: true }),
    processed_at: timestamp('processed_at', { withTimezone: true }),
    undone_by: text('undone_by'),
    undone_at: timestamp('undone_at', { withTimezone: true }),
    /** Tenant rate: the rate-change notice's template and its parts at PROCESS, which every notice of the run uses. */
    template_id: integer('template_id').references(() => communicationTemplates.id),
    message_parts: jsonb('message_parts').$type<TemplateParts>(),
  },
  // One pending or running upload per kind: a new upload replaces the pending one, never a running one.
  (table) => [
    uniqueIndex('rate_uploads_one_open_per_kind')
      .on(table.kind)
      .where(sql`${table.status} in ('pending', 'processing', 'undoing')`),
  ],
)

/**
 * One CSV row: cells as read, guardrail errors (state 'invalid'), the rate before and after in cents. `applying` is
 * written before the system is called, so a run after a crash checks first.
 */
export const rateUploadRows = pgTable(
  'rate_upload_rows',
  {
    id: serial('id').primaryKey(),
    upload_id: integer('upload_id')
      .notNull()
      .references(() => rateUploads.id, { onDelete: 'cascade' }),
    row_no: integer('row_no').notNull(),
    cells: jsonb('cells').$type<Record<string, string>>().notNull(),
    errors: jsonb('errors').$type<Array<{ row: number; column: string; rule: string; message: string }>>().notNull(),
    location_code: text('location_code'),
    unit_type_id: integer('unit_type_id'),
    tenant_id: text('tenant_id'),
    lease_no: text('lease_no'),
    unit_no: text('unit_no'),
    /** Street rate: units of the type at the facility (for the revenue change). */
    unit_count: integer('unit_count'),
    old_cents: integer('old_cents'),
    new_cents: integer('new_cents'),
    effective_date: text('effective_date'),
    state: text('state', {
      enum: ['invalid', 'pending', 'applying', 'applied', 'failed', 'skipped', 'undone'],
    }).notNull(),
    outcome: text('outcome'),
    applied_at: timestamp('applied_at', { withTimezone: true }),
  },
  (table) => [index('rate_upload_rows_upload').on(table.upload_id, table.row_no)],
)

/** The live log (DESIGN §11): every line sent on the live channel, so a page opened mid-run reads what came before. */
export const rateUploadLogs = pgTable(
  'rate_upload_logs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['street_rate', 'tenant_rate'] }).notNull(),
    upload_id: integer('upload_id').references(() => rateUploads.id, { onDelete: 'cascade' }),
    item: boolean('item').notNull().default(false),
    log: text('log').notNull(),
    isError: boolean('isError').notNull().default(false),
    createdAt: timestamp('createdAt', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('rate_upload_logs_upload').on(table.upload_id, table.id)],
)
