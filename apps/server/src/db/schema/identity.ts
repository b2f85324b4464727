import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  superadmin: boolean('superadmin').notNull().default(false),
  allowed_pages: jsonb('allowed_pages').$type<string[]>().notNull().default([]),
  is_CS_role: boolean('is_CS_role').notNull().default(false),
  createdAt: timestamp('createdAt', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
})

/** Admin console users; password_hash is argon2id, null for Office 365-only accounts. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    password_hash: text('password_hash'),
    firstName: text('firstName').notNull().default(''),
    lastName: text('lastName').notNull().default(''),
    role_id: integer('role_id').references(() => roles.id),
    is_clerk_role: boolean('is_clerk_role').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('createdAt', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_unique').on(table.email)],
)

/** Sessions of both apps; only the bearer token's SHA-256 hash is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    token_hash: text('token_hash').notNull().unique(),
    kind: text('kind', { enum: ['field', 'admin'] }).notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    field_user: jsonb('field_user').$type<{
      username: string
      full_name: string
      email: string
      role: 'customer_service' | 'property_manager' | 'regional_manager'
    }>(),
    ip: text('ip'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.user_id)],
)

/** Failed sign-in attempts, counted per account+address within a window for the 429 limit. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    account: text('account').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('login_failures_account_ip_at_idx').on(table.account, table.ip, table.at)],
)
