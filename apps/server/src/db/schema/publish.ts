import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'

/** Rebuild requests; the latest requested_at is the 60 s cooldown, in the database since any instance may answer. */
export const contentPublishes = pgTable(
  'content_publishes',
  {
    id: serial('id').primaryKey(),
    requested_at: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    requested_by: integer('requested_by'),
    requested_by_email: text('requested_by_email').notNull(),
    target: text('target', { enum: ['hook', 'recorded'] }).notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'recorded'] }).notNull(),
    response_status: integer('response_status'),
    error: text('error'),
  },
  (table) => [index('content_publishes_requested_at_idx').on(table.requested_at)],
)
