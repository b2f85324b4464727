import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { FieldRole } from '@storageops/contracts/identity'
import type {
  Task,
  TaskActivity,
  TaskActivityList,
  TaskList,
  TaskOverviewRow,
  TaskSearchResult,
  TaskSummary,
  TaskType,
} from '@storageops/contracts/tasks'
import type { TaskCategory } from '@storageops/contracts/task-rules'
import type { Db, Tx } from '../../db/client.ts'
import { locations, taskActivities, taskImages, taskTypes, tasks, walkthroughUnits } from '../../db/schema.ts'
import { notFound } from '../../lib/http-error.ts'
import { escapeLike } from '../../lib/list-query.ts'
import { getLocationByCode } from '../facilities/facilities.service.ts'
import { fileUrl } from '../../integrations/files/photos.ts'

const taskColumns = {
  id: tasks.id,
  site_code: tasks.location_code,
  task_type: { id: taskTypes.id, title: taskTypes.title, category: taskTypes.category },
  unit_no: tasks.unit_no,
  prior: tasks.prior,
  description: tasks.description,
  status: tasks.status,
  role: tasks.role,
  appointment_id: tasks.appointment_id,
  created_at: tasks.created_at,
  updated_at: tasks.updated_at,
  closed_at: tasks.closed_at,
}

type TaskRow = {
  id: number
  site_code: string
  task_type: TaskType
  unit_no: string | null
  prior: TaskSummary['prior']
  description: string
  status: TaskSummary['status']
  role: FieldRole | null
  appointment_id: number | null
  created_at: Date
  updated_at: Date
  closed_at: Date | null
}

const activityColumns = {
  id: taskActivities.id,
  task_id: taskActivities.task_id,
  note: taskActivities.note,
  status: taskActivities.status,
  role: taskActivities.role,
  action: taskActivities.action,
  source: taskActivities.source,
  source_username: taskActivities.source_username,
  source_user_email: taskActivities.source_user_email,
  source_full_name: sql<string>`coalesce(${taskActivities.source_full_name}, ${taskActivities.source_username})`,
  task_type: { id: taskTypes.id, title: taskTypes.title, category: taskTypes.category },
  unit_no: tasks.unit_no,
  created_at: taskActivities.created_at,
  acted_at: taskActivities.acted_at,
}

type ActivityRow = Omit<TaskActivity, 'created_at' | 'acted_at'> & { created_at: Date; acted_at: Date | null }

const toActivity = (row: ActivityRow): TaskActivity => ({
  ...row,
  created_at: row.created_at.toISOString(),
  acted_at: row.acted_at?.toISOString() ?? null,
})

async function imagesOf(db: Db | Tx, taskIds: number[]): Promise<Map<number, Array<typeof taskImages.$inferSelect>>> {
  const byTask = new Map<number, Array<typeof taskImages.$inferSelect>>()
  if (taskIds.length === 0) return byTask
  const rows = await db
    .select()
    .from(taskImages)
    .where(inArray(taskImages.task_id, taskIds))
    .orderBy(asc(taskImages.task_id), asc(taskImages.id))
  for (const row of rows) byTask.set(row.task_id, [...(byTask.get(row.task_id) ?? []), row])
  return byTask
}

function toSummary(row: TaskRow, images: Array<typeof taskImages.$inferSelect> = []): TaskSummary {
  return {
    ...row,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    closed_at: row.closed_at?.toISOString() ?? null,
    images: images.map((image) => fileUrl(image.file_name)),
    thumbnails: images.map((image) => (image.thumbnail_name ? fileUrl(image.thumbnail_name) : null)),
  }
}

export async function listTaskTypes(db: Db): Promise<TaskType[]> {
  return db.select().from(taskTypes).orderBy(desc(taskTypes.category), asc(taskTypes.title))
}

export interface TaskListFilter {
  page: number
  page_size: number
  closed: boolean
  location_code?: string
  type?: TaskCategory
}

/** Open tasks newest first, closed ones most recently closed first (spec §4); 404 for an unknown facility. */
export async function listTasks(db: Db, filter: TaskListFilter): Promise<TaskList> {
  const conditions: SQL[] = [eq(tasks.status, filter.closed ? 'closed' : 'open')]
  if (filter.location_code) conditions.push(eq(tasks.location_code, filter.location_code))
  if (filter.type) conditions.push(eq(taskTypes.category, filter.type))
  const where = and(...conditions)
  const order = filter.closed ? [desc(tasks.closed_at), desc(tasks.id)] : [desc(tasks.created_at), desc(tasks.id)]
  const rows = await db
    .select(taskColumns)
    .from(tasks)
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.task_type_id))
    .where(where)
    .orderBy(...order)
    .limit(filter.page_size)
    .offset((filter.page - 1) * filter.page_size)
  const [total] = await db
    .select({ value: count() })
    .from(tasks)
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.task_type_id))
    .where(where)
  const totalEntries = Number(total?.value ?? 0)
  if (totalEntries === 0 && filter.location_code) await getLocationByCode(db, filter.location_code)
  const images = await imagesOf(
    db,
    rows.map((row) => row.id),
  )
  return { entries: rows.map((row) => toSummary(row, images.get(row.id))), total_entries: totalEntries }
}

async function activitiesOf(db: Db | Tx, taskId: number): Promise<TaskActivity[]> {
  const rows = await db
    .select(activityColumns)
    .from(taskActivities)
    .innerJoin(tasks, eq(tasks.id, taskActivities.task_id))
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.task_type_id))
    .where(eq(taskActivities.task_id, taskId))
    .orderBy(desc(taskActivities.created_at), desc(taskActivities.id))
  return rows.map(toActivity)
}

/** With photos and history, newest first; 404 when unknown. */
export async function getTask(db: Db | Tx, id: number): Promise<Task> {
  const [row] = await db
    .select(taskColumns)
    .from(tasks)
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.task_type_id))
    .where(eq(tasks.id, id))
    .limit(1)
  if (!row) throw notFound(`Task ${id} does not exist.`, 'id')
  const [images, activities] = [await imagesOf(db, [id]), await activitiesOf(db, id)]
  const [walkthrough] = await db
    .select({ id: walkthroughUnits.walkthrough_id })
    .from(walkthroughUnits)
    .where(eq(walkthroughUnits.task_id, id))
    .orderBy(desc(walkthroughUnits.walkthrough_id))
    .limit(1)
  return { ...toSummary(row, images.get(id)), task_activities: activities, walkthrough_id: walkthrough?.id ?? null }
}

export async function getTaskActivity(db: Db, id: number): Promise<TaskActivity> {
  const [row] = await db
    .select(activityColumns)
    .from(taskActivities)
    .innerJoin(tasks, eq(tasks.id, taskActivities.task_id))
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.task_type_id))
    .where(eq(taskActivities.id, id))
  return toActivity(row!)
}

const DAY_MS = 86_400_000

/** Task Overview rows in one statement over the open-task index; `validUntil`: when a day figure next turns (ms). */
export async function getTasksOverviewAt(
  db: Db,
  now: Date = new Date(),
): Promise<{ body: TaskOverviewRow[]; validUntil: number }> {
  const open = db
    .select({
      location_code: tasks.location_code,
      property: sql<number>`(count(*) filter (where ${taskTypes.category} = 'property'))::int`.as('property'),
      unit: sql<number>`(count(*) filter (where ${taskTypes.category} = 'unit'))::int`.as('unit'),
      oldest: sql<Date>`min(${tasks.created_at})`.as('oldest'),
      idle_since: sql<Date>`min(${tasks.updated_at})`.as('idle_since'),
      has_customer_service: sql<boolean>`bool_or(${tasks.role} = 'customer_service')`.as('has_customer_service'),
      has_property_manager: sql<boolean>`bool_or(${tasks.role} = 'property_manager')`.as('has_property_manager'),
      has_regional_manager: sql<boolean>`bool_or(${tasks.role} = 'regional_manager')`.as('has_regional_manager'),
    })
    .from(tasks)
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.task_type_id))
    .where(eq(tasks.status, 'open'))
    .groupBy(tasks.location_code)
    .as('open_tasks')
  const rows = await db
    .select({
      facility_name: locations.name,
      site_code: open.location_code,
      open_facility_tasks_count: open.property,
      open_unit_tasks_count: open.unit,
      oldest: open.oldest,
      idle_since: open.idle_since,
      has_customer_service: open.has_customer_service,
      has_property_manager: open.has_property_manager,
      has_regional_manager: open.has_regional_manager,
    })
    .from(open)
    .innerJoin(locations, eq(locations.location_code, open.location_code))
    .orderBy(asc(locations.name))
  let validUntil = Infinity
  const daysSince = (value: Date | string) => {
    const since = new Date(value).getTime()
    const days = Math.floor((now.getTime() - since) / DAY_MS)
    validUntil = Math.min(validUntil, since + (days + 1) * DAY_MS)
    return days
  }
  const body = rows.map(
    ({ oldest, idle_since, has_customer_service, has_property_manager, has_regional_manager, ...row }) => ({
      ...row,
      oldest_task_in_day: daysSince(oldest),
      max_inactivity_in_day: daysSince(idle_since),
      assigned_to: [
        ...(has_customer_service ? ['customer_service' as const] : []),
        ...(has_property_manager ? ['property_manager' as const] : []),
        ...(has_regional_manager ? ['regional_manager' as const] : []),
      ],
    }),
  )
  return { body, validUntil }
}

export async function getTasksOverview(db: Db, now: Date = new Date()): Promise<TaskOverviewRow[]> {
  return (await getTasksOverviewAt(db, now)).body
}

/** An open task whose unit number or type title contains `query` (spec §2), by index only (migration 0036, issue 30). */
function matchingOpenTask(query: string): SQL {
  const pattern = `%${escapeLike(query.trim())}%`
  const matchingTypes = sql`array(select ${taskTypes.id} from ${taskTypes} where ${ilike(taskTypes.title, pattern)})`
  return and(
    eq(tasks.status, 'open'),
    or(ilike(tasks.unit_no, pattern), sql`${tasks.task_type_id} = any(${matchingTypes})`),
  )!
}

/** The search's answer (spec §2, §7): matching open tasks per site code; the overview's figures stay (issue 34). */
export async function searchTasks(db: Db, query: string): Promise<TaskSearchResult> {
  const rows = await db
    .select({ site_code: tasks.location_code, matching: sql<number>`count(*)::int` })
    .from(tasks)
    .where(matchingOpenTask(query))
    .groupBy(tasks.location_code)
    .orderBy(asc(tasks.location_code))
  return {
    site_codes: rows.map((row) => row.site_code),
    matching_tasks_count: Object.fromEntries(rows.map((row) => [row.site_code, row.matching])),
  }
}

/** Newest first; 404 for an unknown facility. */
export async function listTaskActivities(
  db: Db,
  filter: { location_code: string; page: number; page_size: number },
): Promise<TaskActivityList> {
  const rows = await db
    .select(activityColumns)
    .from(taskActivities)
    .innerJoin(tasks, eq(tasks.id, taskActivities.task_id))
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.task_type_id))
    .where(eq(taskActivities.location_code, filter.location_code))
    .orderBy(desc(taskActivities.created_at), desc(taskActivities.id))
    .limit(filter.page_size)
    .offset((filter.page - 1) * filter.page_size)
  const [total] = await db
    .select({ value: count() })
    .from(taskActivities)
    .where(eq(taskActivities.location_code, filter.location_code))
  const totalEntries = Number(total?.value ?? 0)
  if (totalEntries === 0) await getLocationByCode(db, filter.location_code)
  return { entries: rows.map(toActivity), total_entries: totalEntries }
}
