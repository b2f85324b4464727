import { sql } from 'drizzle-orm'
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { FIELD_ROLES } from '@storageops/contracts/identity'
import { PRIORITIES, TASK_ACTIONS, TASK_CATEGORIES, TASK_STATUSES } from '@storageops/contracts/task-rules'
import { locations } from './facilities.ts'

export const taskTypes = pgTable(
  'task_types',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    category: text('category', { enum: TASK_CATEGORIES }).notNull(),
  },
  (table) => [uniqueIndex('task_types_category_title_unique').on(table.category, table.title)],
)

/** `location_code` is the spec's site_code; a partial unique index allows one open task per facility, type and unit. */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    location_code: text('location_code')
      .notNull()
      .references(() => locations.location_code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    task_type_id: integer('task_type_id')
      .notNull()
      .references(() => taskTypes.id),
    unit_no: text('unit_no'),
    prior: text('prior', { enum: PRIORITIES }).notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('open'),
    role: text('role', { enum: FIELD_ROLES }),
    appointment_id: integer('appointment_id'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closed_at: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('tasks_open_duplicate_unique')
      .on(table.location_code, table.task_type_id, sql`coalesce(${table.unit_no}, '')`)
      .where(sql`${table.status} = 'open'`),
    // A facility's open list, newest first (GET /api/tasks?closed=false).
    index('tasks_location_status_created_idx').on(
      table.location_code,
      table.status,
      table.created_at.desc(),
      table.id.desc(),
    ),
    // A facility's closed list, most recently closed first (GET /api/tasks?closed=true).
    index('tasks_closed_location_idx')
      .on(table.location_code, table.closed_at.desc(), table.id.desc())
      .where(sql`${table.status} = 'closed'`),
    // Overview and search read only open tasks: every column they need, for index-only scans.
    index('tasks_open_overview_idx')
      .on(table.location_code, table.task_type_id, table.unit_no, table.role, table.created_at, table.updated_at)
      .where(sql`${table.status} = 'open'`),
    // The Task Overview search (issue 30): open tasks by a unit number's trigrams or by type, so a search reads only
    // the matching tasks.
    index('tasks_open_unit_no_trgm_idx')
      .using('gin', table.unit_no.op('gin_trgm_ops'))
      .where(sql`${table.status} = 'open'`),
    index('tasks_open_type_idx')
      .on(table.task_type_id)
      .where(sql`${table.status} = 'open'`),
    index('tasks_appointment_idx')
      .on(table.appointment_id)
      .where(sql`${table.appointment_id} is not null`),
  ],
)

/** `status` and `role` are the task's after the action; `location_code` is copied for the facility activity log. */
export const taskActivities = pgTable(
  'task_activities',
  {
    id: serial('id').primaryKey(),
    task_id: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    location_code: text('location_code').notNull(),
    action: text('action', { enum: TASK_ACTIONS }).notNull(),
    note: text('note'),
    status: text('status', { enum: TASK_STATUSES }).notNull(),
    role: text('role', { enum: FIELD_ROLES }),
    source: text('source', { enum: FIELD_ROLES }).notNull(),
    source_username: text('source_username').notNull(),
    source_user_email: text('source_user_email').notNull(),
    /** Null on activities recorded before it was kept (read as the username). */
    source_full_name: text('source_full_name'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the user acted on the phone (`X-Action-Time`), beside `created_at`, the server's receive time; never ordered by. */
    acted_at: timestamp('acted_at', { withTimezone: true }),
  },
  (table) => [
    index('task_activities_task_idx').on(table.task_id, table.created_at, table.id),
    index('task_activities_location_created_idx').on(table.location_code, table.created_at.desc(), table.id.desc()),
  ],
)

export const taskImages = pgTable(
  'task_images',
  {
    id: serial('id').primaryKey(),
    task_id: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    file_name: text('file_name').notNull(),
    thumbnail_name: text('thumbnail_name'),
    content_type: text('content_type').notNull(),
    byte_size: integer('byte_size').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('task_images_task_idx').on(table.task_id, table.id)],
)
