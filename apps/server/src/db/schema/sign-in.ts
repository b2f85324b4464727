import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'

/** An Office 365 sign-in in progress, so any instance can finish it; browser-held secrets only as SHA-256 hashes. */
export const oidcSignIns = pgTable(
  'oidc_sign_ins',
  {
    id: serial('id').primaryKey(),
    binding_hash: text('binding_hash').notNull().unique(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    code_verifier: text('code_verifier').notNull(),
    redirect_uri: text('redirect_uri').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    callback_at: timestamp('callback_at', { withTimezone: true }),
    email: text('email'),
    subject: text('subject'),
    ticket_hash: text('ticket_hash').unique(),
    ticket_expires_at: timestamp('ticket_expires_at', { withTimezone: true }),
    ticket_used_at: timestamp('ticket_used_at', { withTimezone: true }),
  },
  (table) => [index('oidc_sign_ins_expires_at_idx').on(table.expires_at)],
)
