import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'

/** Every staff write: who, when, what, before and after (DESIGN §4), written in the write's transaction. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** When the user acted on their device (`X-Action-Time`, lib/action-time.ts), if it said; `at` is the server's. */
    acted_at: timestamp('acted_at', { withTimezone: true }),
    actor_kind: text('actor_kind', { enum: ['field', 'admin', 'system'] }).notNull(),
    actor_user_id: integer('actor_user_id'),
    actor_name: text('actor_name').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entity_id: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [index('audit_log_entity_idx').on(table.entity, table.entity_id), index('audit_log_at_idx').on(table.at)],
)
