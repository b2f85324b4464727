import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * A write sent with an `Idempotency-Key` (issue 19, decision 019): per user, the request's fingerprint and, once
 * answered, the status and JSON body replayed to a retry. `status_code` null while the first request runs.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    user_key: text('user_key').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    fingerprint: text('fingerprint').notNull(),
    status_code: integer('status_code'),
    response: text('response'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.user_key, table.key] }),
    index('idempotency_keys_created_at_idx').on(table.created_at),
  ],
)
