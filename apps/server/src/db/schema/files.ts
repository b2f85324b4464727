import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './identity.ts'

/** The media library of File Management (docs/decisions/016-media-library.md); bytes live in the file storage. */
export const mediaFiles = pgTable(
  'media_files',
  {
    name: text('name').primaryKey(),
    thumbnail_name: text('thumbnail_name').notNull(),
    /** Web sizes in storage, narrowest first (WEB_WIDTHS narrower than the original). */
    variants: jsonb('variants').$type<Array<{ name: string; width: number; height: number }>>().notNull().default([]),
    content_type: text('content_type').notNull(),
    byte_size: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    uploaded_by: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('createdAt', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('media_files_created_idx').on(table.createdAt)],
)
