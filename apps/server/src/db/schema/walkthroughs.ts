import { sql } from 'drizzle-orm'
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { UNIT_STATUSES } from '@storageops/contracts/unit-map-rules'
import {
  DISCREPANCIES,
  EXPECTATIONS,
  OBSERVATIONS,
  SERIAL_CHECKS,
  WALKTHROUGH_STATUSES,
} from '@storageops/contracts/walkthrough-rules'
import { locations } from './facilities.ts'
import { tasks } from './tasks.ts'

/**
 * A facility's lock check (issue 31, decision 024), at most one unfinished per facility. `full_at`: a full one's
 * finish (Last Full WalkThrough). Walking time: `active_seconds` plus now − `resumed_at` while walked.
 */
export const walkthroughs = pgTable(
  'walkthroughs',
  {
    id: serial('id').primaryKey(),
    location_code: text('location_code')
      .notNull()
      .references(() => locations.location_code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    status: text('status', { enum: WALKTHROUGH_STATUSES }).notNull().default('in_progress'),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    started_by_username: text('started_by_username').notNull(),
    started_by_name: text('started_by_name').notNull(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    finished_by_username: text('finished_by_username'),
    finished_by_name: text('finished_by_name'),
    overlock_days: integer('overlock_days').notNull(),
    active_seconds: integer('active_seconds').notNull().default(0),
    resumed_at: timestamp('resumed_at', { withTimezone: true }),
    full_at: timestamp('full_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('walkthroughs_one_open_per_facility')
      .on(table.location_code)
      .where(sql`${table.status} <> 'finished'`),
    index('walkthroughs_location_started_idx').on(table.location_code, table.started_at.desc(), table.id.desc()),
    index('walkthroughs_location_full_idx')
      .on(table.location_code, table.full_at.desc())
      .where(sql`${table.full_at} is not null`),
  ],
)

/** Each facility's last full walkthrough, kept by triggers on walkthroughs (migration 0039). */
export const facilityLastFullWalkthroughs = pgTable(
  'facility_last_full_walkthroughs',
  {
    location_code: text('location_code')
      .primaryKey()
      .references(() => locations.location_code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    walkthrough_id: integer('walkthrough_id')
      .notNull()
      .references(() => walkthroughs.id, { onDelete: 'cascade' }),
    full_at: timestamp('full_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('facility_last_full_walkthroughs_full_at_idx').on(table.full_at, table.location_code)],
)

/** A walkthrough's units in walk order, fixed at its start with what the system expected, and each one's latest door. */
export const walkthroughUnits = pgTable(
  'walkthrough_units',
  {
    walkthrough_id: integer('walkthrough_id')
      .notNull()
      .references(() => walkthroughs.id, { onDelete: 'cascade' }),
    unit_no: text('unit_no').notNull(),
    floor_no: integer('floor_no').notNull(),
    position: integer('position').notNull(),
    ssm_status: text('ssm_status', { enum: UNIT_STATUSES }),
    days_past_due: integer('days_past_due'),
    expected: text('expected', { enum: EXPECTATIONS }).notNull(),
    observation_id: integer('observation_id'),
    observed: text('observed', { enum: OBSERVATIONS }),
    observed_at: timestamp('observed_at', { withTimezone: true }),
    observed_by_username: text('observed_by_username'),
    observed_by_name: text('observed_by_name'),
    lock_serial: text('lock_serial'),
    serial_check: text('serial_check', { enum: SERIAL_CHECKS }),
    note: text('note'),
    photo_file: text('photo_file'),
    discrepancy: text('discrepancy', { enum: DISCREPANCIES }),
    task_id: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    observation_count: integer('observation_count').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.walkthrough_id, table.unit_no] }),
    index('walkthrough_units_position_idx').on(table.walkthrough_id, table.position),
    index('walkthrough_units_task_idx')
      .on(table.task_id)
      .where(sql`${table.task_id} is not null`),
  ],
)

/** Every door recorded, also those a later observation outranked; `client_id` makes a resent one count once. */
export const walkthroughObservations = pgTable(
  'walkthrough_observations',
  {
    id: serial('id').primaryKey(),
    walkthrough_id: integer('walkthrough_id')
      .notNull()
      .references(() => walkthroughs.id, { onDelete: 'cascade' }),
    unit_no: text('unit_no').notNull(),
    client_id: text('client_id').notNull(),
    observed: text('observed', { enum: OBSERVATIONS }).notNull(),
    lock_serial: text('lock_serial'),
    serial_check: text('serial_check', { enum: SERIAL_CHECKS }),
    note: text('note'),
    photo_file: text('photo_file'),
    photo_thumbnail: text('photo_thumbnail'),
    photo_content_type: text('photo_content_type'),
    photo_bytes: integer('photo_bytes'),
    /** When it was made on the phone (the item's observed_at, else X-Action-Time, else received_at). */
    observed_at: timestamp('observed_at', { withTimezone: true }).notNull(),
    received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    observed_by_username: text('observed_by_username').notNull(),
    observed_by_name: text('observed_by_name').notNull(),
  },
  (table) => [
    uniqueIndex('walkthrough_observations_client_unique').on(table.walkthrough_id, table.client_id),
    index('walkthrough_observations_unit_idx').on(table.walkthrough_id, table.unit_no),
  ],
)

/** A facility's saved walk order (admin map editor); units not in it follow in the default order. */
export const unitWalkOrder = pgTable(
  'unit_walk_order',
  {
    location_code: text('location_code')
      .notNull()
      .references(() => locations.location_code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    unit_no: text('unit_no').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.location_code, table.unit_no] })],
)
