import { boolean, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { locations } from './facilities.ts'

export const locationContents = pgTable('location_contents', {
  location_code: text('location_code')
    .primaryKey()
    .references(() => locations.location_code, { onDelete: 'cascade', onUpdate: 'cascade' }),
  title: text('title').notNull().default(''),
  meta_title: text('meta_title').notNull().default(''),
  meta_description: text('meta_description').notNull().default(''),
  keywords: text('keywords').array().notNull().default([]),
  body1: text('body1').notNull().default(''),
  body2: text('body2').notNull().default(''),
  facility_image: text('facility_image').notNull().default(''),
  facility_image_alt: text('facility_image_alt').notNull().default(''),
  access_hours: text('access_hours').notNull().default(''),
  customer_service_hours: text('customer_service_hours').notNull().default(''),
  website_move_in_completion_screen: boolean('website_move_in_completion_screen').notNull().default(false),
  kiosk_move_in_completion_screen: boolean('kiosk_move_in_completion_screen').notNull().default(false),
  unit_size_high_to_low: boolean('unit_size_high_to_low').notNull().default(false),
  unit_group_large_to_small: boolean('unit_group_large_to_small').notNull().default(false),
  recommended_unit: boolean('recommended_unit').notNull().default(false),
  unit_groups_expanded: boolean('unit_groups_expanded').notNull().default(false),
  fee_for_24hr_access: boolean('fee_for_24hr_access').notNull().default(false),
  photos: text('photos').array().notNull().default([]),
  photo_texts: text('photo_texts').array().notNull().default([]),
  updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
})

export const unitFilters = pgTable('unit_filters', {
  id: serial('id').primaryKey(),
  filter_key: text('filter_key').notNull().unique(),
  name: text('name').notNull(),
})

/** Our notes and filters per unit type; the unit types themselves are the storage-management system's. */
export const locationUnitTypes = pgTable(
  'location_unit_types',
  {
    location_code: text('location_code')
      .notNull()
      .references(() => locations.location_code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    unit_type_id: integer('unit_type_id').notNull(),
    note: text('note').notNull().default(''),
    unit_filter_ids: integer('unit_filter_ids').array().notNull().default([]),
    unit_filter_keys: text('unit_filter_keys').array().notNull().default([]),
    updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.location_code, table.unit_type_id] })],
)
