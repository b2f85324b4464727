import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** A running job's lease, renewed by its worker (jobs/queue.ts, decision 013). */
export const jobLeases = pgTable('job_leases', {
  job_id: text('job_id').primaryKey(),
  queue: text('queue').notNull(),
  heartbeat_at: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
})
