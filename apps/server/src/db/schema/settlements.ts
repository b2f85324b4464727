import { index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { locations } from './facilities.ts'

/** A payment link sent to a tenant for one lease (issue 15); live until expires_at, one live link per lease. */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: serial('id').primaryKey(),
    token: text('token').notNull().unique(),
    location_code: text('location_code')
      .notNull()
      .references(() => locations.location_code, { onUpdate: 'cascade' }),
    tenant_id: text('tenant_id').notNull(),
    lease_no: text('lease_no').notNull(),
    unit_no: text('unit_no').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    sends: integer('sends').notNull().default(1),
    created_by: text('created_by').notNull(),
    createdAt: timestamp('createdAt', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('payment_links_lease').on(table.location_code, table.lease_no, table.expires_at)],
)
