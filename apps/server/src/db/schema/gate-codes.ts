import { sql } from 'drizzle-orm'
import { integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { locations } from './facilities.ts'

/**
 * Gate-code rotations (spec: admin-console-part-2 §2 "Gate code rotation"; issue 7): one row per Rotate
 * code / Rotate All, run by the gate-code-rotation job. At most one is running at a time (partial
 * unique index), so a second request is refused with 409 even under a race.
 */
export const gateCodeRotations = pgTable(
  'gate_code_rotations',
  {
    id: serial('id').primaryKey(),
    /** The kinds rotated: 'Auction Winner', 'Emergency Code', 'Temp Code'. */
    names: text('names').array().notNull(),
    /** The new code of each kind rotated, pushed to every facility. */
    codes: jsonb('codes').$type<Record<string, string>>().notNull(),
    status: text('status', { enum: ['running', 'succeeded', 'failed'] })
      .notNull()
      .default('running'),
    requested_by: text('requested_by').notNull(),
    error: text('error'),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('gate_code_rotations_one_running')
      .on(table.status)
      .where(sql`${table.status} = 'running'`),
  ],
)

/** Progress of a rotation per facility: pending, done or failed (after its attempts), with the last error. */
export const gateCodeRotationFacilities = pgTable(
  'gate_code_rotation_facilities',
  {
    rotation_id: integer('rotation_id')
      .notNull()
      .references(() => gateCodeRotations.id, { onDelete: 'cascade' }),
    location_code: text('location_code')
      .notNull()
      .references(() => locations.location_code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    status: text('status', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.rotation_id, table.location_code] })],
)
