import { doublePrecision, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Metro-area landing pages (spec: admin-console-part-2 §3); a trigger checks that `facilities_ids` name locations. */
export const landingPages = pgTable('landing_pages', {
  short_name: text('short_name').primaryKey(),
  full_name: text('full_name').notNull(),
  header_image_src: text('header_image_src').notNull().default(''),
  image_alt: text('image_alt').notNull().default(''),
  meta_title: text('meta_title').notNull().default(''),
  meta_description: text('meta_description').notNull().default(''),
  keywords: text('keywords').array().notNull().default([]),
  body: text('body').notNull().default(''),
  lat: doublePrecision('lat').notNull(),
  long: doublePrecision('long').notNull(),
  zoom_level: integer('zoom_level').notNull().default(1),
  facilities_ids: integer('facilities_ids').array().notNull(),
  createdAt: timestamp('createdAt', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
})
