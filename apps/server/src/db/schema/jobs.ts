import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * A job some worker is running (jobs/queue.ts, issue 12): the worker renews `heartbeat_at` every few
 * seconds while its handler runs and deletes the row when it ends. A row whose heartbeat is older than
 * JOB_STALE_SECONDS belongs to a worker that died; any instance's sweep takes it and fails the job in
 * pg-boss, which retries it (the job resumes from its rows) or gives it up (the job's onLost marks it failed).
 */
export const jobLeases = pgTable('job_leases', {
  job_id: text('job_id').primaryKey(),
  queue: text('queue').notNull(),
  heartbeat_at: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
})
