import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Every "Rebuild CMS Pages" request (spec: admin-console-part-1 §4, §7: POST /api/publish_contents).
 * The latest requested_at is the 60-second cooldown the server enforces, kept here and not in memory
 * because any instance may answer the next click. `target` says whether the publish hook was called
 * ('hook') or the request was only recorded because PUBLISH_HOOK_URL is unset ('recorded').
 */
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
