import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Settings (spec: admin-console-part-2 §3, admin-console-part-1 §3): a lower-case unique name, a
 * markdown or 'true'/'false' value and a description. The setting named `maintenance` is the public
 * website's maintenance switch.
 */
export const settings = pgTable('settings', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  value: text('value').notNull().default(''),
  description: text('description').notNull().default(''),
  createdAt: timestamp('createdAt', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
})
