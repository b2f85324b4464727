import { sql } from 'drizzle-orm'
import { integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { locations } from './facilities.ts'

/** One row per Rotate / Rotate All (issue 7); a partial unique index allows one running rotation, even under a race. */
export const gateCodeRotations = pgTable(
  'gate_code_rotations',
  {
    id: serial('id').primaryKey(),
    names: text('names').array().notNull(),
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
