import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'

/** Customer reviews shown on the public website (spec: admin-console-part-2 §3); picture is a URL or ''. */
export const reviews = pgTable('reviews', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  location: text('location').notNull(),
  description: text('description').notNull(),
  picture: text('picture').notNull().default(''),
  createdAt: timestamp('createdAt', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
})
