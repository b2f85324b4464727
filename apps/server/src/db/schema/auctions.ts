import { sql } from 'drizzle-orm'
import {
  index,
  integer,
  type AnyPgColumn,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { locations } from './facilities.ts'

/** An auction (spec: admin-console-part-1 §3); active until completed_at is set, and at most one is active. */
export const auctions = pgTable(
  'auctions',
  {
    id: serial('id').primaryKey(),
    startDate: timestamp('startDate', { withTimezone: true }).notNull(),
    endDate: timestamp('endDate', { withTimezone: true }).notNull(),
    gateCode: text('gateCode').notNull(),
    created_by: text('created_by').notNull(),
    createdAt: timestamp('createdAt', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completedAt', { withTimezone: true }),
  },
  () => [
    uniqueIndex('auctions_one_active')
      .on(sql`(true)`)
      .where(sql`"completedAt" is null`),
  ],
)

/** A winning bidder of one unit in one auction (spec §3) and its outcome (decision 017); backups via `backup_for_id`. */
export const auctionWinners = pgTable(
  'auction_winners',
  {
    id: serial('id').primaryKey(),
    auction_id: integer('auction_id')
      .notNull()
      .references(() => auctions.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    location_code: text('location_code')
      .notNull()
      .references(() => locations.location_code, { onUpdate: 'cascade' }),
    unit_no: text('unit_no').notNull(),
    phone: text('phone'),
    address: text('address'),
    city: text('city'),
    zip: text('zip'),
    facility_balance: numeric('facility_balance', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    status: text('status', { enum: ['unsent', 'sent'] })
      .notNull()
      .default('unsent'),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    sent_by: text('sent_by'),
    createdAt: timestamp('createdAt', { withTimezone: true }).notNull().defaultNow(),
    outcome: text('outcome', { enum: ['paid', 'cleaned_out', 'defaulted'] }),
    amount_paid: numeric('amount_paid', { precision: 12, scale: 2, mode: 'number' }),
    outcome_at: timestamp('outcome_at', { withTimezone: true }),
    outcome_by: text('outcome_by'),
    backup_for_id: integer('backup_for_id').references((): AnyPgColumn => auctionWinners.id),
  },
  (table) => [
    uniqueIndex('auction_winners_unit')
      .on(table.auction_id, table.location_code, table.unit_no)
      .where(sql`${table.outcome} is distinct from 'defaulted'`),
    uniqueIndex('auction_winners_one_backup').on(table.backup_for_id),
    index('auction_winners_unsent')
      .on(table.id)
      .where(sql`${table.sent_at} is null`),
  ],
)
