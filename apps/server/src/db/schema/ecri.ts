import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import type { EcriRules } from '@storageops/contracts/ecri-rules'
import { rateUploads } from './rates.ts'

/** A named ECRI rule set (decision 025), a declared resource: versions and audit by the resource service. */
export const ecriRuleSets = pgTable('ecri_rule_sets', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  min_tenure_months: integer('min_tenure_months').notNull(),
  min_months_since_increase: integer('min_months_since_increase').notNull(),
  toward_street_percent: integer('toward_street_percent').notNull(),
  max_increase_percent: integer('max_increase_percent').notNull(),
  max_increase_dollars: integer('max_increase_dollars').notNull(),
  ceiling_percent: integer('ceiling_percent').notNull(),
  min_increase_dollars: integer('min_increase_dollars').notNull(),
  notice_days: integer('notice_days').notNull(),
  effective_day: integer('effective_day').notNull(),
  past_due_days: integer('past_due_days').notNull(),
  exclude_auction_winners: boolean('exclude_auction_winners').notNull(),
  exclude_military: boolean('exclude_military').notNull(),
  exclude_do_not_increase: boolean('exclude_do_not_increase').notNull(),
  excluded_facilities: text('excluded_facilities').array().notNull().default([]),
  createdAt: timestamp('createdAt', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
})

/** One computation of candidates, its inputs kept (rule set version and rules, date, guardrails) to explain it later. */
export const ecriRuns = pgTable('ecri_runs', {
  id: serial('id').primaryKey(),
  status: text('status', { enum: ['computing', 'ready', 'failed'] })
    .notNull()
    .default('computing'),
  error: text('error'),
  rule_set_id: integer('rule_set_id').references(() => ecriRuleSets.id, { onDelete: 'set null' }),
  rule_set_name: text('rule_set_name').notNull(),
  rule_set_version: integer('rule_set_version'),
  rules: jsonb('rules').$type<EcriRules>().notNull(),
  today: text('today').notNull(),
  effective_date: text('effective_date').notNull(),
  max_increase_percent: doublePrecision('max_increase_percent').notNull(),
  guardrail_notice_days: integer('guardrail_notice_days').notNull(),
  created_by: text('created_by').notNull(),
  user_id: integer('user_id'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finished_at: timestamp('finished_at', { withTimezone: true }),
  facilities: integer('facilities').notNull().default(0),
  missing_facilities: text('missing_facilities').array().notNull().default([]),
  refresh: boolean('refresh').notNull().default(false),
  rent_roll_fetched_from: timestamp('rent_roll_fetched_from', { withTimezone: true }),
  rent_roll_fetched_to: timestamp('rent_roll_fetched_to', { withTimezone: true }),
  leases: integer('leases').notNull().default(0),
  eligible: integer('eligible').notNull().default(0),
  excluded: jsonb('excluded').$type<Record<string, number>>().notNull().default({}),
  upload_id: integer('upload_id').references(() => rateUploads.id, { onDelete: 'set null' }),
})

/**
 * Every lease of a run with its facts; `new_cents` is the proposed rent or staff's override. Partitioned by run
 * (migration 0032, by hand: drizzle-kit writes no partitions; decision 025).
 */
export const ecriCandidates = pgTable(
  'ecri_candidates',
  {
    id: serial('id').notNull(),
    run_id: integer('run_id').notNull(),
    location_code: text('location_code').notNull(),
    tenant_id: text('tenant_id').notNull(),
    tenant_name: text('tenant_name').notNull(),
    lease_no: text('lease_no').notNull(),
    unit_no: text('unit_no').notNull(),
    unit_type_id: integer('unit_type_id').notNull(),
    old_cents: integer('old_cents').notNull(),
    street_cents: integer('street_cents'),
    proposed_cents: integer('proposed_cents').notNull(),
    new_cents: integer('new_cents').notNull(),
    change_cents: integer('change_cents').notNull(),
    change_bp: integer('change_bp').notNull(),
    overridden: boolean('overridden').notNull().default(false),
    chosen: boolean('chosen').notNull(),
    excluded: text('excluded'),
    tenure_months: integer('tenure_months').notNull(),
    months_since_increase: integer('months_since_increase').notNull(),
    days_past_due: integer('days_past_due').notNull(),
    moved_in: text('moved_in').notNull(),
    rent_last_changed: text('rent_last_changed'),
    paid_thru: text('paid_thru'),
    military: boolean('military').notNull(),
    do_not_increase: boolean('do_not_increase').notNull(),
    auction_winner: boolean('auction_winner').notNull(),
    scheduled: boolean('scheduled').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.run_id, table.id] }),
    index('ecri_candidates_facility').on(table.run_id, table.location_code, table.unit_no),
    index('ecri_candidates_change').on(table.run_id, table.change_cents),
    index('ecri_candidates_change_bp').on(table.run_id, table.change_bp),
    index('ecri_candidates_tenure').on(table.run_id, table.tenure_months),
  ],
)

/** A run's totals per facility over its chosen rows: kept in step when staff untick or override a row. */
export const ecriRunFacilities = pgTable(
  'ecri_run_facilities',
  {
    run_id: integer('run_id')
      .notNull()
      .references(() => ecriRuns.id, { onDelete: 'cascade' }),
    location_code: text('location_code').notNull(),
    name: text('name').notNull(),
    leases: integer('leases').notNull(),
    eligible: integer('eligible').notNull(),
    chosen: integer('chosen').notNull(),
    monthly_change_cents: bigint('monthly_change_cents', { mode: 'number' }).notNull(),
    bands: integer('bands').array().notNull(),
    histogram: integer('histogram').array().notNull(),
  },
  (table) => [primaryKey({ columns: [table.run_id, table.location_code] })],
)

/** The system's rent roll kept (decision 030); a facility's current rows have its fetched_at in the table below. */
export const ecriRentRoll = pgTable(
  'ecri_rent_roll',
  {
    id: serial('id').primaryKey(),
    location_code: text('location_code').notNull(),
    fetched_at: timestamp('fetched_at', { withTimezone: true }).notNull(),
    tenant_id: text('tenant_id').notNull(),
    tenant_name: text('tenant_name').notNull(),
    lease_no: text('lease_no').notNull(),
    unit_no: text('unit_no').notNull(),
    unit_type_id: integer('unit_type_id').notNull(),
    rent_cents: integer('rent_cents').notNull(),
    street_cents: integer('street_cents'),
    scheduled_cents: integer('scheduled_cents'),
    moved_in: text('moved_in'),
    rent_last_changed: text('rent_last_changed'),
    paid_thru: text('paid_thru'),
    military: boolean('military').notNull(),
    do_not_increase: boolean('do_not_increase').notNull(),
  },
  (table) => [index('ecri_rent_roll_facility').on(table.location_code, table.unit_no)],
)

export const ecriRentRollFacilities = pgTable('ecri_rent_roll_facilities', {
  location_code: text('location_code').primaryKey(),
  fetched_at: timestamp('fetched_at', { withTimezone: true }).notNull(),
  leases: integer('leases').notNull(),
})

/** Refreshes of the whole kept rent roll; at most one runs at a time. */
export const ecriRentRollRefreshes = pgTable(
  'ecri_rent_roll_refreshes',
  {
    id: serial('id').primaryKey(),
    status: text('status', { enum: ['running', 'done', 'failed'] })
      .notNull()
      .default('running'),
    requested_by: text('requested_by').notNull(),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    facilities: integer('facilities').notNull().default(0),
    leases: integer('leases').notNull().default(0),
    error: text('error'),
  },
  (table) => [
    uniqueIndex('ecri_rent_roll_refreshes_one_running')
      .on(table.status)
      .where(sql`status = 'running'`),
  ],
)
