import { z } from 'zod'
import { id, idParam, intParam, text } from './primitives.ts'
import { ErrorBody } from './errors.ts'
import { FieldRole } from './identity.ts'
import {
  PRIORITIES,
  TASK_ACTIONS,
  TASK_CATEGORIES,
  TASK_PAGE_SIZE,
  TASK_STATUSES,
  taskActivityActionOf,
} from './task-rules.ts'

/** Maintenance tasks (spec: snapshot-field-tool §3, §7); the rules are in task-rules.ts. */

export const TaskCategory = z.enum(TASK_CATEGORIES)
export type TaskCategory = z.infer<typeof TaskCategory>
export const Priority = z.enum(PRIORITIES)
export type Priority = z.infer<typeof Priority>
export const TaskStatus = z.enum(TASK_STATUSES)
export type TaskStatus = z.infer<typeof TaskStatus>
export const TaskAction = z.enum(TASK_ACTIONS)
export type TaskAction = z.infer<typeof TaskAction>

/** A task type (spec §3): its category decides whether a task needs a unit. */
export const TaskType = z.object({
  id: z.number().int(),
  title: z.string(),
  category: TaskCategory,
})
export type TaskType = z.infer<typeof TaskType>
export const TaskTypeList = z.array(TaskType)

/** One entry of a task's history (spec §3 "Task activity"). `status` and `role` are the task's after the action. */
export const TaskActivity = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  note: z.string().nullable(),
  status: TaskStatus,
  role: FieldRole.nullable().describe('the assignee after this action'),
  action: TaskAction,
  source: FieldRole.describe("the acting user's role: property_manager, regional_manager, otherwise customer_service"),
  source_username: z.string(),
  source_user_email: z.string(),
  source_full_name: z
    .string()
    .describe("the acting user's full name (additive); the username for activities recorded before it was kept"),
  task_type: TaskType,
  unit_no: z.string().nullable(),
  created_at: z.string().describe("ISO 8601; when the server received it, the log's order"),
  acted_at: z
    .string()
    .nullable()
    .describe('ISO 8601; when the user acted on the phone (X-Action-Time), null when the request did not say'),
})
export type TaskActivity = z.infer<typeof TaskActivity>

export const TaskSummary = z.object({
  id: z.number().int(),
  site_code: z.string().describe("the facility's location_code"),
  task_type: TaskType,
  unit_no: z.string().nullable(),
  prior: Priority,
  description: z.string(),
  status: TaskStatus,
  role: FieldRole.nullable().describe('assignee'),
  created_at: z.string().describe('ISO 8601'),
  updated_at: z.string().describe('ISO 8601; moves with every action'),
  closed_at: z.string().nullable().describe('ISO 8601; set while closed'),
  images: z.array(z.string()).describe('photo URLs under /img/'),
  thumbnails: z
    .array(z.string().nullable())
    .describe('thumbnail URL of each photo, same order; null when none could be made (HEIC)'),
  appointment_id: z.number().int().nullable(),
})
export type TaskSummary = z.infer<typeof TaskSummary>

export const Task = TaskSummary.extend({
  task_activities: z.array(TaskActivity),
  walkthrough_id: z
    .number()
    .int()
    .nullable()
    .describe('the walkthrough whose discrepancy raised or noted this task (the latest), issue 31'),
})
export type Task = z.infer<typeof Task>

const PageNumber = intParam().min(1).max(100_000).default(1)
const PageSize = intParam().min(1).max(100).default(TASK_PAGE_SIZE)
const LocationCode = text().trim().min(1).max(32)

export const TaskListQuery = z.object({
  page: PageNumber,
  page_size: PageSize,
  closed: z.enum(['true', 'false']).default('false').describe('true lists closed tasks, otherwise open'),
  location_code: LocationCode.optional(),
  type: TaskCategory.optional(),
})
export type TaskListQuery = z.infer<typeof TaskListQuery>

export const TaskList = z.object({ entries: z.array(TaskSummary), total_entries: z.number().int() })
export type TaskList = z.infer<typeof TaskList>

export const TaskIdParams = z.object({ id: idParam() })

export const CreateTaskInput = z.object({
  task_type_id: idParam(),
  site_code: LocationCode,
  unit_no: text()
    .trim()
    .max(32)
    .nullish()
    .transform((value) => value || null)
    .describe('required for unit tasks, a unit of the facility'),
  prior: Priority.default('medium'),
  description: text().trim().min(1, 'Please enter a description.').max(4000),
  role: z
    .union([FieldRole, z.literal('')])
    .nullish()
    .transform((value) => value || null)
    .describe('the role the task is assigned to from the start (notifies its users); none by default'),
})
/** What a client sends: priority may be left out (medium), unit_no only for unit tasks, role to assign at once. */
export type CreateTaskInput = Omit<z.output<typeof CreateTaskInput>, 'prior' | 'unit_no' | 'role'> & {
  prior?: Priority
  unit_no?: string | null
  role?: FieldRole | null
}

/** The 409 body when an open duplicate exists (same facility, task type and unit; spec §4, §8). */
export const DuplicateTaskError = ErrorBody.extend({ duplicate_open_task_id: z.number().int() })
export type DuplicateTaskError = z.infer<typeof DuplicateTaskError>

/** task_id plus one of: status closed (with a note), a note, a role, status open. */
export const TaskActivityInput = z
  .object({
    task_id: id(),
    status: TaskStatus.optional(),
    note: text().max(4000).optional(),
    role: FieldRole.optional(),
  })
  .refine((input) => taskActivityActionOf(input) !== null, {
    message: 'Send task_id with one of: status closed (with a note), a note, a role, or status open.',
  })
export type TaskActivityInput = z.infer<typeof TaskActivityInput>

export const TaskOverviewRow = z.object({
  facility_name: z.string(),
  site_code: z.string(),
  open_facility_tasks_count: z.number().int(),
  open_unit_tasks_count: z.number().int(),
  oldest_task_in_day: z.number().int().describe('days since the oldest open task was created'),
  max_inactivity_in_day: z.number().int().describe('days since the least recently updated open task moved'),
  assigned_to: z.array(FieldRole).describe('roles holding open tasks, abbreviated PM/RM/CS on screen'),
})
export type TaskOverviewRow = z.infer<typeof TaskOverviewRow>
export const TaskOverview = z.array(TaskOverviewRow)

/** GET /api/tasks/search (spec §7): matching open tasks per site code; the overview keeps its figures (issue 34). */
export const TaskSearchQuery = z.object({ query: text().trim().min(1).max(100) })
export const TaskSearchResult = z.object({
  site_codes: z.array(z.string()),
  matching_tasks_count: z.record(z.string(), z.number().int()).describe('open tasks matching the query, by site code'),
})
export type TaskSearchResult = z.infer<typeof TaskSearchResult>

export const TaskActivitiesQuery = z.object({ location_code: LocationCode, page: PageNumber, page_size: PageSize })
export const TaskActivityList = z.object({ entries: z.array(TaskActivity), total_entries: z.number().int() })
export type TaskActivityList = z.infer<typeof TaskActivityList>

export const AppointmentIdParams = z.object({ id: idParam() })
export const AppointmentCancelResult = z.object({
  appointment_id: z.number().int(),
  task_id: z.number().int(),
  message: z.string(),
})
export type AppointmentCancelResult = z.infer<typeof AppointmentCancelResult>

/** POST /api/ssm/GetAllUnits (spec §7): the storage-management system's unit records, each value a list (first item read). */
export const SsmUnitsInput = z.object({ location_code: LocationCode })
export const SsmUnitRecords = z.object({ Record: z.array(z.record(z.string(), z.array(z.string()))) })
export type SsmUnitRecords = z.infer<typeof SsmUnitRecords>
