import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { FieldRole } from '@storageops/contracts/identity'
import {
  CreateTaskInput,
  type AppointmentCancelResult,
  type Task,
  type TaskActivity,
  type TaskActivityInput,
  type TaskActivityList,
  type TaskList,
  type TaskOverviewRow,
  type TaskSummary,
  type TaskType,
} from '@storageops/contracts/tasks'
import {
  TASK_TEXT,
  isNoteGiven,
  sourceForRole,
  taskActivityActionOf,
  type TaskCategory,
} from '@storageops/contracts/task-rules'
import type { z } from 'zod'
import type { Db, Tx } from '../../db/client.ts'
import { auditLog, locationUnits, locations, taskActivities, taskImages, taskTypes, tasks } from '../../db/schema.ts'
import { badGateway, badRequest, conflict, notFound, HttpError } from '../../lib/http-error.ts'
import { cancelAppointment } from '../../integrations/ssm/appointments.ts'
import { SsmError, type SsmClient } from '../../integrations/ssm/client.ts'
import type { Session } from '../identity/sessions.service.ts'
import { getLocationByCode } from '../facilities/facilities.service.ts'
import {
  checkPhotos,
  fileUrl,
  removePhotos,
  storePhotos,
  type StoredPhoto,
  type UploadedPhoto,
} from '../../integrations/files/photos.ts'
import type { FileStorage } from '../../integrations/files/storage.ts'

/**
 * The task service (spec: snapshot-field-tool §3, §4, §7; issue 4). Every action runs in one
 * transaction that locks the task, enforces the status machine, moves `updated_at`, writes a task
 * activity with the acting user from the session and an audit row. Open duplicates (same facility,
 * task type and unit) are refused with 409 and `duplicate_open_task_id`; the partial unique index
 * tasks_open_duplicate_unique makes that hold under concurrent requests too.
 */

/** The acting user of a task action, from the session only (DESIGN §5). */
export interface TaskActor {
  kind: 'field' | 'admin'
  user_id: number | null
  username: string
  email: string
  /** The activity source: property_manager, regional_manager, otherwise customer_service (spec §3). */
  source: FieldRole
}

/** Field users act with their SSM login and role; admin users (allowed '/snapshot') act as customer service by email. */
export function taskActorOf(session: Session): TaskActor {
  if (session.kind === 'field') {
    return {
      kind: 'field',
      user_id: null,
      username: session.user.username,
      email: session.user.email,
      source: sourceForRole(session.user.role),
    }
  }
  return {
    kind: 'admin',
    user_id: session.user.id,
    username: session.user.email,
    email: session.user.email,
    source: 'customer_service',
  }
}

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
  task_type: { id: taskTypes.id, title: taskTypes.title, category: taskTypes.category },
  unit_no: tasks.unit_no,
  created_at: taskActivities.created_at,
}

type ActivityRow = Omit<TaskActivity, 'created_at'> & { created_at: Date }

const toActivity = (row: ActivityRow): TaskActivity => ({ ...row, created_at: row.created_at.toISOString() })

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

/** Every task type, property first, then by title (spec §7 GET /api/tasks/task_types). */
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

/**
 * One page of tasks (spec §7 GET /api/tasks, §4 paging): open tasks newest created first, closed tasks
 * most recently closed first; `total_entries` counts the whole filter. 404 'Location code is not
 * valid.' for an unknown facility.
 */
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
  // Only an empty answer needs to tell an unknown facility from one without tasks.
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

/** One task with its photos and its activity history, newest first (spec §7 GET /api/tasks/{id}); 404 when unknown. */
export async function getTask(db: Db | Tx, id: number): Promise<Task> {
  const [row] = await db
    .select(taskColumns)
    .from(tasks)
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.task_type_id))
    .where(eq(tasks.id, id))
    .limit(1)
  if (!row) throw notFound(`Task ${id} does not exist.`, 'id')
  const [images, activities] = [await imagesOf(db, [id]), await activitiesOf(db, id)]
  return { ...toSummary(row, images.get(id)), task_activities: activities }
}

/** The id of the open task with the same facility, task type and unit, or null (spec §4 duplicates). */
async function findOpenDuplicate(
  db: Db | Tx,
  key: { location_code: string; task_type_id: number; unit_no: string | null },
  exceptId?: number,
): Promise<number | null> {
  const [row] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.status, 'open'),
        eq(tasks.location_code, key.location_code),
        eq(tasks.task_type_id, key.task_type_id),
        sql`coalesce(${tasks.unit_no}, '') = ${key.unit_no ?? ''}`,
        exceptId === undefined ? undefined : sql`${tasks.id} <> ${exceptId}`,
      ),
    )
    .limit(1)
  return row?.id ?? null
}

const duplicateConflict = (id: number) => conflict(TASK_TEXT.duplicateText, { duplicate_open_task_id: id })

/** True for PostgreSQL's unique_violation (23505), whether the driver error is wrapped by Drizzle or not. */
export function isUniqueViolation(error: unknown): boolean {
  let current = error as { code?: unknown; cause?: unknown } | undefined
  for (let depth = 0; current && depth < 5; depth++) {
    if (current.code === '23505') return true
    current = current.cause as typeof current
  }
  return false
}

async function writeAudit(tx: Tx, actor: TaskActor, action: string, taskId: number, before: unknown, after: unknown) {
  await tx.insert(auditLog).values({
    actor_kind: actor.kind,
    actor_user_id: actor.user_id,
    actor_name: actor.username,
    action,
    entity: 'task',
    entity_id: String(taskId),
    before: before ?? null,
    after: after ?? null,
  })
}

/**
 * Creates an open task and its 'create' activity (spec §7 POST /api/tasks, §4). Photos, when given,
 * are checked by content, stored with thumbnails and linked. Errors: 404 unknown facility; 400
 * unknown task type, missing unit for a unit task or a unit the facility does not have; 415 a file
 * that is not JPEG/PNG/HEIC; 409 with duplicate_open_task_id when an open duplicate exists.
 */
export async function createTask(
  db: Db,
  input: z.output<typeof CreateTaskInput>,
  actor: TaskActor,
  options: { photos?: UploadedPhoto[]; files: FileStorage },
): Promise<Task> {
  await getLocationByCode(db, input.site_code)
  const [type] = await db.select().from(taskTypes).where(eq(taskTypes.id, input.task_type_id)).limit(1)
  if (!type) throw badRequest('Task type is not valid.', 'task_type_id')
  const unitNo = type.category === 'unit' ? input.unit_no : null
  if (type.category === 'unit') {
    if (!unitNo) throw badRequest('Please choose a unit for a unit task.', 'unit_no')
    const [unit] = await db
      .select({ id: locationUnits.id })
      .from(locationUnits)
      .where(
        and(
          eq(locationUnits.location_code, input.site_code),
          eq(locationUnits.unit_no, unitNo),
          eq(locationUnits.system, false),
        ),
      )
      .limit(1)
    if (!unit) throw badRequest(`Unit ${unitNo} is not a unit of this facility.`, 'unit_no')
  }
  const key = { location_code: input.site_code, task_type_id: type.id, unit_no: unitNo }
  const existing = await findOpenDuplicate(db, key)
  if (existing !== null) throw duplicateConflict(existing)

  const checked = await checkPhotos(options.photos ?? [])
  const stored: StoredPhoto[] = checked.length > 0 ? await storePhotos(options.files, checked) : []
  try {
    const id = await db.transaction(async (tx) => {
      const now = new Date()
      const [task] = await tx
        .insert(tasks)
        .values({
          ...key,
          prior: input.prior,
          description: input.description,
          status: 'open',
          created_at: now,
          updated_at: now,
        })
        .returning()
      if (stored.length > 0)
        await tx.insert(taskImages).values(stored.map((photo) => ({ ...photo, task_id: task!.id, created_at: now })))
      await tx.insert(taskActivities).values({
        task_id: task!.id,
        location_code: key.location_code,
        action: 'create',
        note: input.description,
        status: 'open',
        role: null,
        source: actor.source,
        source_username: actor.username,
        source_user_email: actor.email,
        created_at: now,
      })
      await writeAudit(tx, actor, 'task.create', task!.id, null, {
        ...task,
        images: stored.map((photo) => photo.file_name),
      })
      return task!.id
    })
    return await getTask(db, id)
  } catch (error) {
    await removePhotos(options.files, stored)
    if (isUniqueViolation(error)) {
      const duplicate = await findOpenDuplicate(db, key)
      if (duplicate !== null) throw duplicateConflict(duplicate)
    }
    throw error
  }
}

const closedConflict = (what: string) =>
  new HttpError(409, 'task_closed', `Only open tasks can ${what}. Reopen the task first.`)

/**
 * Records one action on a task (spec §7 POST /api/task_activities, §4, §5): close (needs a non-blank
 * note: 400 'Please enter note before closing the task.' naming `note`), note (400 'Please enter
 * comment!' when blank), assign a role, reopen. Only open tasks take notes, roles and closing (409
 * task_closed otherwise); reopening an open task is 409, and reopening while an open duplicate exists
 * is 409 with duplicate_open_task_id. Returns the activity written.
 */
export async function recordTaskActivity(db: Db, input: TaskActivityInput, actor: TaskActor): Promise<TaskActivity> {
  const action = taskActivityActionOf(input)
  if (!action)
    throw badRequest('Send task_id with one of: status closed (with a note), a note, a role, or status open.')
  if (action === 'close' && !isNoteGiven(input.note)) throw badRequest(TASK_TEXT.closeNoteRequired, 'note')
  if (action === 'note' && !isNoteGiven(input.note)) throw badRequest(TASK_TEXT.noteRequired, 'note')
  const reopened: { key: { location_code: string; task_type_id: number; unit_no: string | null } | null } = {
    key: null,
  }
  try {
    const activityId = await db.transaction(async (tx) => {
      const [task] = await tx.select().from(tasks).where(eq(tasks.id, input.task_id)).for('update').limit(1)
      if (!task) throw notFound(`Task ${input.task_id} does not exist.`, 'task_id')
      if (action === 'reopen') {
        if (task.status === 'open') throw conflict('This task is already open.')
        reopened.key = { location_code: task.location_code, task_type_id: task.task_type_id, unit_no: task.unit_no }
        const duplicate = await findOpenDuplicate(tx, reopened.key, task.id)
        if (duplicate !== null) throw duplicateConflict(duplicate)
      } else if (task.status === 'closed') {
        throw closedConflict(action === 'close' ? 'be closed' : action === 'note' ? 'take notes' : 'be assigned')
      }
      const now = new Date()
      const change: Partial<typeof tasks.$inferInsert> = { updated_at: now }
      if (action === 'close') Object.assign(change, { status: 'closed', closed_at: now })
      if (action === 'reopen') Object.assign(change, { status: 'open', closed_at: null })
      if (action === 'assign') change.role = input.role!
      const [updated] = await tx.update(tasks).set(change).where(eq(tasks.id, task.id)).returning()
      const [activity] = await tx
        .insert(taskActivities)
        .values({
          task_id: task.id,
          location_code: task.location_code,
          action,
          note: action === 'close' || action === 'note' ? input.note!.trim() : null,
          status: updated!.status,
          role: updated!.role,
          source: actor.source,
          source_username: actor.username,
          source_user_email: actor.email,
          created_at: now,
        })
        .returning({ id: taskActivities.id })
      await writeAudit(
        tx,
        actor,
        `task.${action}`,
        task.id,
        { status: task.status, role: task.role },
        { status: updated!.status, role: updated!.role, note: input.note ?? null },
      )
      return activity!.id
    })
    const [row] = await db
      .select(activityColumns)
      .from(taskActivities)
      .innerJoin(tasks, eq(tasks.id, taskActivities.task_id))
      .innerJoin(taskTypes, eq(taskTypes.id, tasks.task_type_id))
      .where(eq(taskActivities.id, activityId))
    return toActivity(row!)
  } catch (error) {
    if (reopened.key && isUniqueViolation(error)) {
      const duplicate = await findOpenDuplicate(db, reopened.key, input.task_id)
      if (duplicate !== null) throw duplicateConflict(duplicate)
    }
    throw error
  }
}

/**
 * Open tasks per facility (spec §3 "Task overview row", §7 GET /api/tasks/overview), one SQL statement:
 * the open tasks are aggregated per facility (hash aggregate over the open-task index: counts by
 * category, the oldest creation and the oldest last update, which roles hold tasks), then joined to
 * the facility names. Day figures are whole days. Facilities without open tasks are left out. By name.
 */
export async function getTasksOverview(db: Db): Promise<TaskOverviewRow[]> {
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
      oldest_task_in_day: sql<number>`floor(extract(epoch from (now() - ${open.oldest})) / 86400)::int`,
      max_inactivity_in_day: sql<number>`floor(extract(epoch from (now() - ${open.idle_since})) / 86400)::int`,
      has_customer_service: open.has_customer_service,
      has_property_manager: open.has_property_manager,
      has_regional_manager: open.has_regional_manager,
    })
    .from(open)
    .innerJoin(locations, eq(locations.location_code, open.location_code))
    .orderBy(asc(locations.name))
  return rows.map(({ has_customer_service, has_property_manager, has_regional_manager, ...row }) => ({
    ...row,
    assigned_to: [
      ...(has_customer_service ? ['customer_service' as const] : []),
      ...(has_property_manager ? ['property_manager' as const] : []),
      ...(has_regional_manager ? ['regional_manager' as const] : []),
    ],
  }))
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`)

/**
 * Site codes with an open task whose unit number or task type title contains the query, case-insensitive
 * (spec §2 Task Overview search, §7 GET /api/tasks/search). One SQL query over the open tasks.
 */
export async function searchTaskSites(db: Db, query: string): Promise<string[]> {
  const pattern = `%${escapeLike(query.trim())}%`
  const rows = await db
    .selectDistinct({ site_code: tasks.location_code })
    .from(tasks)
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.task_type_id))
    .where(and(eq(tasks.status, 'open'), or(ilike(tasks.unit_no, pattern), ilike(taskTypes.title, pattern))))
    .orderBy(asc(tasks.location_code))
  return rows.map((row) => row.site_code)
}

/** A facility's activity log, newest first, paged (spec §2 Activity Log, §7 GET /api/task_activities); 404 for an unknown facility. */
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

/**
 * Cancels the appointment of an open task in the storage-management system (spec §2, §7 PUT
 * /api/appointments/{id}/cancel). On success the task forgets the appointment, `updated_at` moves and
 * a note activity records it. Errors: 404 no task holds the appointment; 409 the task is closed; 502
 * with the system's own message when it refuses or cannot be reached.
 */
export async function cancelTaskAppointment(
  db: Db,
  ssm: SsmClient,
  appointmentId: number,
  actor: TaskActor,
): Promise<AppointmentCancelResult> {
  const [task] = await db
    .select({ id: tasks.id, status: tasks.status })
    .from(tasks)
    .where(eq(tasks.appointment_id, appointmentId))
    .limit(1)
  if (!task) throw notFound(`No task holds appointment ${appointmentId}.`, 'id')
  if (task.status !== 'open') throw closedConflict('have an appointment cancelled')
  try {
    await cancelAppointment(ssm, appointmentId)
  } catch (error) {
    if (error instanceof SsmError) throw badGateway(error.message)
    throw error
  }
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(tasks).where(eq(tasks.id, task.id)).for('update').limit(1)
    const now = new Date()
    await tx.update(tasks).set({ appointment_id: null, updated_at: now }).where(eq(tasks.id, task.id))
    await tx.insert(taskActivities).values({
      task_id: task.id,
      location_code: locked!.location_code,
      action: 'note',
      note: `Appointment #${appointmentId} cancelled.`,
      status: locked!.status,
      role: locked!.role,
      source: actor.source,
      source_username: actor.username,
      source_user_email: actor.email,
      created_at: now,
    })
    await writeAudit(
      tx,
      actor,
      'task.appointment_cancel',
      task.id,
      { appointment_id: appointmentId },
      { appointment_id: null },
    )
  })
  return { appointment_id: appointmentId, task_id: task.id, message: TASK_TEXT.appointmentCancelled }
}
