import { doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core'
import { VERSION_ACTIONS } from '@storageops/contracts/resource-versions'

/** Tables of the website content (spec: admin-console-part-2 §3); columns are named as the API's fields. */

const timestamps = {
  createdAt: timestamp('createdAt', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updatedAt', { withTimezone: true }).notNull().defaultNow(),
}

export const states = pgTable('states', {
  short_name: text('short_name').primaryKey(),
  full_name: text('full_name').notNull(),
  lat: doublePrecision('lat').notNull(),
  long: doublePrecision('long').notNull(),
  zoom_level: integer('zoom_level').notNull().default(1),
  meta_title: text('meta_title').notNull().default(''),
  meta_description: text('meta_description').notNull().default(''),
  map_img: text('map_img').notNull().default(''),
  image_src: text('image_src').notNull().default(''),
  image_alt: text('image_alt').notNull().default(''),
  keywords: text('keywords').array().notNull().default([]),
  body: text('body').notNull().default(''),
  lease_template_url: text('lease_template_url').notNull().default(''),
  sboa_addendum: text('sboa_addendum').notNull().default(''),
  sboa_additional_documents: text('sboa_additional_documents').array().notNull().default([]),
  general_contact_number: text('general_contact_number').notNull().default(''),
  ...timestamps,
})

/** One page per city of a state. */
export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    state: text('state').notNull(),
    name: text('name').notNull(),
    lat: doublePrecision('lat').notNull(),
    long: doublePrecision('long').notNull(),
    zoom_level: integer('zoom_level').notNull().default(1),
    meta_title: text('meta_title').notNull().default(''),
    meta_description: text('meta_description').notNull().default(''),
    image_src: text('image_src').notNull().default(''),
    image_alt: text('image_alt').notNull().default(''),
    body: text('body').notNull().default(''),
    ...timestamps,
  },
  (table) => [unique('cities_state_name_unique').on(table.state, table.name)],
)

export const questions = pgTable('questions', {
  id: serial('id').primaryKey(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  ...timestamps,
})

export const libraries = pgTable('libraries', {
  id: serial('id').primaryKey(),
  topic: text('topic').notNull(),
  keywords: text('keywords').array().notNull().default([]),
  article: text('article').notNull().default(''),
  ...timestamps,
})

export const blogs = pgTable('blogs', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  meta_title: text('meta_title').notNull().default(''),
  meta_description: text('meta_description').notNull().default(''),
  keywords: text('keywords').array().notNull().default([]),
  blog_image: text('blog_image').notNull().default(''),
  blog_image_alt: text('blog_image_alt').notNull().default(''),
  body: text('body').notNull().default(''),
  ...timestamps,
})

/** `name` is the page's address and never changes. */
export const pages = pgTable('pages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  title: text('title').notNull().default(''),
  meta_description: text('meta_description').notNull().default(''),
  content: text('content').notNull().default(''),
  ...timestamps,
})

export const marketingFeatures = pgTable('marketing_features', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  ...timestamps,
})

/** Every declared write (issue 20): the record after it (before, for a delete), its ETag, who, which fields. */
export const resourceVersions = pgTable(
  'resource_versions',
  {
    id: serial('id').primaryKey(),
    resource: text('resource').notNull(),
    record_key: text('record_key').notNull(),
    version: integer('version').notNull(),
    action: text('action', { enum: VERSION_ACTIONS }).notNull(),
    changed_fields: text('changed_fields').array().notNull().default([]),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    etag: text('etag').notNull(),
    restored_from: integer('restored_from'),
    actor_user_id: integer('actor_user_id'),
    actor_name: text('actor_name').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('resource_versions_record_version').on(table.resource, table.record_key, table.version),
    index('resource_versions_created_at_idx').on(table.created_at),
  ],
)
