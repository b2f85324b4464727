import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { locations } from './facilities.ts'

/** The inspection checklist in walking order (issue 6); inactive standards stay for old reports. */
export const brandStandards = pgTable('brand_standards', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull(),
  sort_order: integer('sort_order').notNull(),
  active: boolean('active').notNull().default(true),
})

/** `completed`: every active standard photographed at submit time, i.e. a full walkthrough (issue 6). */
export const brandsReports = pgTable(
  'brands_reports',
  {
    id: serial('id').primaryKey(),
    location_code: text('location_code')
      .notNull()
      .references(() => locations.location_code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    report_submit_at: timestamp('report_submit_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the inspection was submitted on the phone (`X-Action-Time`), kept beside the server's receive time. */
    acted_at: timestamp('acted_at', { withTimezone: true }),
    report_submit_by: text('report_submit_by').notNull(),
    report_submit_username: text('report_submit_username').notNull(),
    notes: text('notes'),
    completed: boolean('completed').notNull(),
    /** Names of the standards on the checklist that had no photos at submit; null on reports kept before it was. */
    missing_standards: jsonb('missing_standards').$type<string[]>(),
  },
  (table) => [
    // A facility's archive, newest first, and its latest report / latest full walkthrough on the dashboard.
    index('brands_reports_location_submit_idx').on(table.location_code, table.report_submit_at.desc(), table.id.desc()),
  ],
)

export const brandStandardReports = pgTable(
  'brand_standard_reports',
  {
    id: serial('id').primaryKey(),
    brands_report_id: integer('brands_report_id')
      .notNull()
      .references(() => brandsReports.id, { onDelete: 'cascade' }),
    brand_standard_id: integer('brand_standard_id')
      .notNull()
      .references(() => brandStandards.id),
  },
  (table) => [
    uniqueIndex('brand_standard_reports_report_standard_unique').on(table.brands_report_id, table.brand_standard_id),
  ],
)

export const brandStandardAttachments = pgTable(
  'brand_standard_attachments',
  {
    id: serial('id').primaryKey(),
    brand_standard_report_id: integer('brand_standard_report_id')
      .notNull()
      .references(() => brandStandardReports.id, { onDelete: 'cascade' }),
    file_name: text('file_name').notNull(),
    thumbnail_name: text('thumbnail_name'),
    content_type: text('content_type').notNull(),
    byte_size: integer('byte_size').notNull(),
  },
  (table) => [index('brand_standard_attachments_report_idx').on(table.brand_standard_report_id, table.id)],
)

/** Dashboard facts no other area keeps (spec §3 "Facility overview row"); optional, one row per facility. */
export const facilityFieldStaff = pgTable('facility_field_staff', {
  location_code: text('location_code')
    .primaryKey()
    .references(() => locations.location_code, { onDelete: 'cascade', onUpdate: 'cascade' }),
  facility_store_number: text('facility_store_number'),
  primary_field_staff: text('primary_field_staff'),
})
