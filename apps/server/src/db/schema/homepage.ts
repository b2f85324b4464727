import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** The homepage's content: one row (spec: admin-console-part-2 §3 "Homepage content"). */
export const homepageContents = pgTable('homepage_contents', {
  id: integer('id').primaryKey(),
  title1: text('title1').notNull().default(''),
  title2: text('title2').notNull().default(''),
  title3: text('title3').notNull().default(''),
  hero_subheader: text('hero_subheader').notNull().default(''),
  hero_body: text('hero_body').notNull().default(''),
  page_subheader: text('page_subheader').notNull().default(''),
  page_body: text('page_body').notNull().default(''),
  review_header: text('review_header').notNull().default(''),
  img_url: text('img_url').notNull().default(''),
  updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
})
