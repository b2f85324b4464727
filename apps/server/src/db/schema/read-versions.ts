import { bigint, pgTable, text } from 'drizzle-orm/pg-core'

/**
 * Version counters of derived reads (issue 17): database triggers add one to `facility_figures` in the
 * same transaction as every change to tasks, task types, brands reports, locations, snapshot details
 * and field staff, so a server can tell with one row read whether its cached overview is still current.
 */
export const readVersions = pgTable('read_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
})
