import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { locations } from './facilities.ts'

/**
 * The brand-standards checklist (spec: snapshot-field-tool §3 "Brands report": brand_standard_reports
 * name a brand standard; issue 6): what a property manager photographs on an inspection, in walking order.
 * Inactive standards stay for old reports but are no longer asked for.
 */
export const brandStandards = pgTable('brand_standards', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull(),
  sort_order: integer('sort_order').notNull(),
  active: boolean('active').notNull().default(true),
})

/**
 * Brand-standards inspection reports (spec §3 "Brands report"). `report_submit_by` is the submitter's
 * full name as the spec reads it; the username keeps who it was. `completed` is true when the report
 * covered every active brand standard at submit time, and such a report counts as the facility's
 * full walkthrough (Dashboard "Last Full WalkThrough", issue 6).
 */
export const brandsReports = pgTable(
  'brands_reports',
  {
    id: serial('id').primaryKey(),
    location_code: text('location_code')
      .notNull()
      .references(() => locations.location_code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    report_submit_at: timestamp('report_submit_at', { withTimezone: true }).notNull().defaultNow(),
    report_submit_by: text('report_submit_by').notNull(),
    report_submit_username: text('report_submit_username').notNull(),
    notes: text('notes'),
    completed: boolean('completed').notNull(),
  },
  (table) => [
    // A facility's archive, newest first, and its latest report / latest full walkthrough on the dashboard.
    index('brands_reports_location_submit_idx').on(table.location_code, table.report_submit_at.desc(), table.id.desc()),
  ],
)

/** One brand standard inside a report (spec §3 "brand_standard_reports"). */
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

/** Photos of one brand standard in a report: stored file names (served at /img/{name}); thumbnail null when none could be made. */
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

/**
 * Dashboard facts of a facility that no other area keeps (spec §3 "Facility overview row"): the store
 * number and the primary field staff (the Maintenance Tech column). One row per facility, optional.
 */
export const facilityFieldStaff = pgTable('facility_field_staff', {
  location_code: text('location_code')
    .primaryKey()
    .references(() => locations.location_code, { onDelete: 'cascade', onUpdate: 'cascade' }),
  facility_store_number: text('facility_store_number'),
  primary_field_staff: text('primary_field_staff'),
})
