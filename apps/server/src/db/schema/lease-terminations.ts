import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { locations } from './facilities.ts'

/** One Generate Lease Termination submit; its notices go out one tenant at a time. */
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
