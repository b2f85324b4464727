import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { communicationTemplates, type TemplateParts } from './communications.ts'
import { locations } from './facilities.ts'

/** What the notices of a batch say, fixed at submit: the template's parts, the facility's details and the date issued. */
export interface NoticeBatchContent {
  parts: TemplateParts
  facility: { name: string; address: string; city: string; state: string; zip: string; phone: string | null }
  issued_on: string
}

/** One Generate Lease Termination submit; its notices all use `content` (null for batches from before it was kept). */
export const leaseTerminationBatches = pgTable('lease_termination_batches', {
  id: serial('id').primaryKey(),
  location_code: text('location_code')
    .notNull()
    .references(() => locations.location_code, { onUpdate: 'cascade' }),
  requested_by: text('requested_by').notNull(),
  status: text('status', { enum: ['running', 'done'] })
    .notNull()
    .default('running'),
  createdAt: timestamp('createdAt', { withTimezone: true }).notNull().defaultNow(),
  finished_at: timestamp('finished_at', { withTimezone: true }),
  template_id: integer('template_id').references(() => communicationTemplates.id),
  content: jsonb('content').$type<NoticeBatchContent>(),
})

/** One tenant's notice (spec §3); `notice_file` is written once when sent; `token` makes file name and link unguessable. */
export const leaseTerminations = pgTable(
  'lease_terminations',
  {
    id: serial('id').primaryKey(),
    batch_id: integer('batch_id')
      .notNull()
      .references(() => leaseTerminationBatches.id),
    location_code: text('location_code')
      .notNull()
      .references(() => locations.location_code, { onUpdate: 'cascade' }),
    tenant_id: text('tenant_id').notNull(),
    tenant_name: text('tenant_name').notNull(),
    tenant_email: text('tenant_email'),
    tenant_phone: text('tenant_phone'),
    units: text('units').array().notNull(),
    termination_type: text('termination_type', { enum: ['Non-renewal', 'Termination'] }).notNull(),
    reason: text('reason').notNull(),
    termination_date: text('termination_date').notNull(),
    termination_time: text('termination_time').notNull(),
    token: text('token').notNull().unique(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    notice_file: text('notice_file'),
    error: text('error'),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    viewed_at: timestamp('viewed_at', { withTimezone: true }),
    createdAt: timestamp('createdAt', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('lease_terminations_batch').on(table.batch_id, table.id)],
)

/** The units a lease termination covers: at most one notice per unit and date, by unique index (issue 35). */
export const leaseTerminationUnits = pgTable(
  'lease_termination_units',
  {
    lease_termination_id: integer('lease_termination_id')
      .notNull()
      .references(() => leaseTerminations.id, { onDelete: 'cascade' }),
    location_code: text('location_code')
      .notNull()
      .references(() => locations.location_code, { onUpdate: 'cascade' }),
    tenant_id: text('tenant_id').notNull(),
    unit_no: text('unit_no').notNull(),
    termination_date: text('termination_date').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.lease_termination_id, table.unit_no] }),
    uniqueIndex('lease_termination_units_once').on(
      table.location_code,
      table.tenant_id,
      table.unit_no,
      table.termination_date,
    ),
  ],
)
