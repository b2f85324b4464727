import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { FieldRole } from '@storageops/contracts/identity'
import { CreateTaskInput, type Task, type TaskActivity, type TaskActivityInput } from '@storageops/contracts/tasks'
import { TASK_TEXT, isNoteGiven, sourceForRole, taskActivityActionOf } from '@storageops/contracts/task-rules'
import type { z } from 'zod'
import type { Db, Tx } from '../../db/client.ts'
import { auditLog, locationUnits, taskActivities, taskImages, taskTypes, tasks } from '../../db/schema.ts'
import { isUniqueViolation } from '../../lib/db-errors.ts'
import { badRequest, conflict, notFound, HttpError } from '../../lib/http-error.ts'
import type { Session } from '../../lib/session.ts'
import { getLocationByCode } from '../facilities/facilities.service.ts'
import {
  checkPhotos,
  removePhotos,
  storePhotos,
  type StoredPhoto,
  type UploadedPhoto,
} from '../../integrations/files/photos.ts'
import type { FileStorage } from '../../integrations/files/storage.ts'
import type { SsmClient } from '../../integrations/ssm/client.ts'
import { listSsmUnitNumbers } from './ssm-units.service.ts'
import { getTask, getTaskActivity } from './task-queries.service.ts'
import { notifyAssignment } from '../notifications/notifications.service.ts'

export interface NotifyOptions {
  fieldBaseUrl?: string
}

const DEFAULT_FIELD_BASE_URL = 'http://snapshot.localhost:3000'

export interface TaskActor {
  kind: 'field' | 'admin'
  user_id: number | null
  username: string
  full_name: string
  email: string
  source: FieldRole
  /** When the user acted on the phone (X-Action-Time), kept beside the server's time; null when not said. */
  acted_at: Date | null
}

/** Field users act with their SSM login and role; admin users (allowed '/snapshot') act as customer service by email. */
export function taskActorOf(session: Session, actedAt: Date | null = null): TaskActor {
  if (session.kind === 'field') {
    return {
      kind: 'field',
      user_id: null,
      username: session.user.username,
      full_name: session.user.full_name,
      email: session.user.email,
      source: sourceForRole(session.user.role),
      acted_at: actedAt,
    }
  }
  return {
    kind: 'admin',
    user_id: session.user.id,
    username: session.user.email,
    full_name: [session.user.firstName, session.user.lastName].filter(Boolean).join(' ') || session.user.email,
    email: session.user.email,
    source: 'customer_service',
    acted_at: actedAt,
  }
}

export const activityActorOf = (actor: TaskActor, at: Date) => ({
  source: actor.source,
  source_username: actor.username,
  source_full_name: actor.full_name,
  source_user_email: actor.email,
  created_at: at,
  acted_at: actor.acted_at,
})

const notifiedActor = (actor: TaskActor) => ({
  actor_username: actor.kind === 'field' ? actor.username : null,
  actor_name: actor.username,
})

/** The key of the unique index on open tasks: one open task per facility, task type and unit. */
type TaskKey = { location_code: string; task_type_id: number; unit_no: string | null }

async function findOpenDuplicate(db: Db | Tx, key: TaskKey): Promise<number | null> {
  const [row] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.status, 'open'),
        eq(tasks.location_code, key.location_code),
        eq(tasks.task_type_id, key.task_type_id),
        sql`coalesce(${tasks.unit_no}, '') = ${key.unit_no ?? ''}`,
      ),
    )
    .limit(1)
  return row?.id ?? null
}

const duplicateConflict = (id: number) => conflict(TASK_TEXT.duplicateText, { duplicate_open_task_id: id })

export async function writeAudit(
  tx: Tx,
  actor: TaskActor,
  action: string,
  taskId: number,
  before: unknown,
  after: unknown,
) {
  await tx.insert(auditLog).values({
    actor_kind: actor.kind,
    actor_user_id: actor.user_id,
    actor_name: actor.username,
    acted_at: actor.acted_at,
    action,
    entity: 'task',
    entity_id: String(taskId),
    before: before ?? null,
    after: after ?? null,
  })
}

/** A unit of the facility's map, else of GetAllUnits; 400 naming unit_no when neither has it, 502 system down. */
async function assertUnitOfFacility(db: Db, ssm: SsmClient | undefined, locationCode: string, unitNo: string) {
  const [mapped] = await db
    .select({ id: locationUnits.id })
    .from(locationUnits)
    .where(
      and(
        eq(locationUnits.location_code, locationCode),
        eq(locationUnits.unit_no, unitNo),
        eq(locationUnits.system, false),
      ),
    )
    .limit(1)
  if (mapped) return
  const offered = ssm ? await listSsmUnitNumbers(db, ssm, locationCode) : []
  if (!offered.includes(unitNo)) throw badRequest(`Unit ${unitNo} is not a unit of this facility.`, 'unit_no')
}

/**
 * Errors: 404 unknown facility; 400 unknown task type or a missing or foreign unit; 415 a photo that is not
 * JPEG/PNG/HEIC; 409 with duplicate_open_task_id for an open duplicate (spec §4, also under a race).
 */
export async function createTask(
  db: Db,
  input: Omit<z.output<typeof CreateTaskInput>, 'role'> & { role?: FieldRole | null },
  actor: TaskActor,
  options: {
    photos?: UploadedPhoto[]
    /** Photos already in the file storage (a walkthrough's) that the task shows too; never removed by it. */
    storedPhotos?: StoredPhoto[]
    files: FileStorage
    /** Asked for a unit not on the map (what Create New Task offers); without it only the map counts. */
    ssm?: SsmClient
  } & NotifyOptions,
): Promise<Task> {
  await getLocationByCode(db, input.site_code)
  const [type] = await db.select().from(taskTypes).where(eq(taskTypes.id, input.task_type_id)).limit(1)
  if (!type) throw badRequest('Task type is not valid.', 'task_type_id')
  const unitNo = type.category === 'unit' ? input.unit_no : null
  if (type.category === 'unit') {
    if (!unitNo) throw badRequest('Please choose a unit for a unit task.', 'unit_no')
    await assertUnitOfFacility(db, options.ssm, input.site_code, unitNo)
  }
  const key = { location_code: input.site_code, task_type_id: type.id, unit_no: unitNo }
  const existing = await findOpenDuplicate(db, key)
  if (existing !== null) throw duplicateConflict(existing)

  const checked = await checkPhotos(options.photos ?? [])
  const stored = await storePhotos(options.files, checked)
  try {
    const id = await db.transaction(async (tx) => {
      const now = new Date()
      const [task] = await tx
        .insert(tasks)
        .values({
          ...key,
          prior: input.prior,
          description: input.description,
          role: input.role ?? null,
          status: 'open',
          created_at: now,
          updated_at: now,
        })
        .returning()
      const images = [...stored, ...(options.storedPhotos ?? [])]
      if (images.length > 0)
        await tx.insert(taskImages).values(images.map((photo) => ({ ...photo, task_id: task!.id, created_at: now })))
      await tx.insert(taskActivities).values({
        task_id: task!.id,
        location_code: key.location_code,
        action: 'create',
        note: input.description,
        status: 'open',
        role: input.role ?? null,
        ...activityActorOf(actor, now),
      })
      await writeAudit(tx, actor, 'task.create', task!.id, null, {
        ...task,
        images: images.map((photo) => photo.file_name),
      })
      if (input.role)
        await notifyAssignment(tx, {
          task_id: task!.id,
          role: input.role,
          kind: 'task_created',
          ...notifiedActor(actor),
          field_base_url: options.fieldBaseUrl ?? DEFAULT_FIELD_BASE_URL,
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

export const closedConflict = (what: string) =>
  new HttpError(409, 'task_closed', `Only open tasks can ${what}. Reopen the task first.`)

/**
 * Close, note, assign or reopen (spec §4, §5); assigning the current role records nothing (`recorded` false). Errors:
 * 400 a blank note; 409 task_closed, reopening an open task, or duplicate_open_task_id beside an open duplicate.
 */
export async function recordTaskActivity(
  db: Db,
  input: TaskActivityInput,
  actor: TaskActor,
  options: NotifyOptions = {},
): Promise<{ activity: TaskActivity; recorded: boolean }> {
  const action = taskActivityActionOf(input)
  if (!action)
    throw badRequest('Send task_id with one of: status closed (with a note), a note, a role, or status open.')
  if (action === 'close' && !isNoteGiven(input.note)) throw badRequest(TASK_TEXT.closeNoteRequired, 'note')
  if (action === 'note' && !isNoteGiven(input.note)) throw badRequest(TASK_TEXT.noteRequired, 'note')
  const reopened: { key: TaskKey | null } = { key: null }
  try {
    const written = await db.transaction(async (tx) => {
      const [task] = await tx.select().from(tasks).where(eq(tasks.id, input.task_id)).for('update').limit(1)
      if (!task) throw notFound(`Task ${input.task_id} does not exist.`, 'task_id')
      if (action === 'reopen') {
        if (task.status === 'open') throw conflict('This task is already open.')
        reopened.key = { location_code: task.location_code, task_type_id: task.task_type_id, unit_no: task.unit_no }
        const duplicate = await findOpenDuplicate(tx, reopened.key)
        if (duplicate !== null) throw duplicateConflict(duplicate)
      } else if (task.status === 'closed') {
        throw closedConflict(action === 'close' ? 'be closed' : action === 'note' ? 'take notes' : 'be assigned')
      }
      if (action === 'assign' && task.role === input.role) {
        const [giver] = await tx
          .select({ id: taskActivities.id })
          .from(taskActivities)
          .where(
            and(
              eq(taskActivities.task_id, task.id),
              eq(taskActivities.role, task.role),
              inArray(taskActivities.action, ['assign', 'create']),
            ),
          )
          .orderBy(desc(taskActivities.created_at), desc(taskActivities.id))
          .limit(1)
        if (giver) return { id: giver.id, recorded: false }
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
          ...activityActorOf(actor, now),
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
      if (action === 'assign')
        await notifyAssignment(tx, {
          task_id: task.id,
          role: input.role!,
          kind: 'task_assigned',
          ...notifiedActor(actor),
          field_base_url: options.fieldBaseUrl ?? DEFAULT_FIELD_BASE_URL,
        })
      return { id: activity!.id, recorded: true }
    })
    return { activity: await getTaskActivity(db, written.id), recorded: written.recorded }
  } catch (error) {
    if (reopened.key && isUniqueViolation(error)) {
      const duplicate = await findOpenDuplicate(db, reopened.key)
      if (duplicate !== null) throw duplicateConflict(duplicate)
    }
    throw error
  }
}
