import { bigint, pgTable, text } from 'drizzle-orm/pg-core'

/** Moved by triggers in every transaction that changes an overview's sources, so one row read tells a cache is current (issue 17). */
export const readVersions = pgTable('read_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
})
