import { z } from 'zod'
import { ErrorBody } from './errors.ts'
import { FieldRole } from './identity.ts'

/**
 * Maintenance tasks of the field tool (spec: snapshot-field-tool §2 task screens, §3 Task / Task
 * activity / Task overview row, §4 states, §5 validation, §7 task service, §8 errors, §9 constants).
 * Entity fields keep the spec's spelling end to end (DESIGN §4).
 */

/** Page size of the task lists (spec §9). */
export const TASK_PAGE_SIZE = 10
/** A task card gets the warning style when an open task is this many days old or older (spec §2, §9). */
export const TASK_CARD_WARNING_DAYS = 10
/** Overview day cells get the warning style at this many days or more (spec §2, §9). */
export const OVERVIEW_WARNING_DAYS = 7
/** The overview search waits this long after the last keystroke (spec §2, §9), in milliseconds. */
export const TASK_SEARCH_DEBOUNCE_MS = 1000
/** At most this many photos go with one new task. */
export const TASK_PHOTO_MAX_COUNT = 10

/** The spec's words, shown exactly (spec §2, §5, §8). */
export const TASK_TEXT = {
  searchPlaceholder: 'Search by Unit Number or Task Type...',
  noTasks: 'No task available',
  created: 'Create task successfully!',
  duplicateTitle: 'Duplicate task',
  duplicateText: 'A duplicate open task already exists, please add any addition notes to that task',
  openTask: 'Open Task',
  closeNoteRequired: 'Please enter note before closing the task.',
  confirmClose: 'Are you sure you want to close the task?',
  noteRequired: 'Please enter comment!',
  appointmentCancelled: 'Appointment cancel successfully.',
} as const

/** 'Failed to cancel appointment: {error}' (spec §8). */
export function appointmentCancelFailedText(error: string): string {
  return `Failed to cancel appointment: ${error}`
}

export const TASK_CATEGORIES = ['property', 'unit'] as const
export const TaskCategory = z.enum(TASK_CATEGORIES)
export type TaskCategory = z.infer<typeof TaskCategory>
/** Group headings of the facility task screens (spec §2). */
export const TASK_CATEGORY_HEADINGS: Record<TaskCategory, string> = { property: 'Property Tasks', unit: 'Unit Tasks' }

export const PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const
export const Priority = z.enum(PRIORITIES)
export type Priority = z.infer<typeof Priority>

/** Priority labels and styles, exactly the spec's table (spec §2 "Priority display"). `color` null = normal text. */
export const PRIORITY_DISPLAY: Record<Priority, { label: string; color: 'red' | null; bold: boolean }> = {
  urgent: { label: 'Urgent', color: 'red', bold: true },
  high: { label: 'High Priority', color: 'red', bold: false },
  medium: { label: 'Medium Priority', color: null, bold: false },
  low: { label: 'Low Priority', color: null, bold: false },
}

export const TASK_STATUSES = ['open', 'closed'] as const
export const TaskStatus = z.enum(TASK_STATUSES)
export type TaskStatus = z.infer<typeof TaskStatus>

export const TASK_ACTIONS = ['create', 'note', 'assign', 'reopen', 'close'] as const
export const TaskAction = z.enum(TASK_ACTIONS)
export type TaskAction = z.infer<typeof TaskAction>

/** Role names as people read them. */
export const ROLE_LABELS: Record<FieldRole, string> = {
  customer_service: 'Customer Service',
  property_manager: 'Property Manager',
  regional_manager: 'Regional Manager',
}

/** Role badge colours, the spec's table (spec §2 "Role badges"): a colour name and the hex value drawn. */
export const ROLE_BADGES: Record<FieldRole, { color: 'red' | 'black' | 'dark blue'; hex: string }> = {
  customer_service: { color: 'red', hex: '#c92a2a' },
  property_manager: { color: 'black', hex: '#000000' },
  regional_manager: { color: 'dark blue', hex: '#1c2f6e' },
}

/**
 * The first two initials of a name: 'customer_service' → 'CS', 'Parker Dawson' → 'PD',
 * 'casey.alvarez@x.example' → 'CA'. A single word gives its first two letters. Uppercase.
 */
export function initialsOf(text: string): string {
  const words = text.replace(/@.*$/, '').split(/[^\p{L}\p{N}]+/u).filter(Boolean)
  if (words.length === 0) return ''
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase()
  return `${words[0]![0]}${words[1]![0]}`.toUpperCase()
}

/** PM, RM or CS (spec §2 Task Overview; the role badge's "first two initials"). */
export function roleAbbreviation(role: FieldRole): string {
  return initialsOf(role)
}

/** Activity source of an acting user: property_manager, regional_manager, otherwise customer service (spec §3). */
export function sourceForRole(role: string | null | undefined): FieldRole {
  return role === 'property_manager' || role === 'regional_manager' ? role : 'customer_service'
}

const DAY_MS = 86_400_000

/**
 * Task age in whole days (spec §4): since creation, or since closure for closed tasks. Never negative.
 * Times are ISO 8601 strings or Dates; `now` defaults to the current time.
 */
export function taskAgeInDays(task: { status: TaskStatus; created_at: string | Date; closed_at: string | Date | null }, now: Date = new Date()): number {
  const since = task.status === 'closed' && task.closed_at ? task.closed_at : task.created_at
  return Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / DAY_MS))
}

/** True when a task card shows the warning style: an open task 10 or more days old (spec §2, §9). */
export function isTaskCardWarning(task: { status: TaskStatus; created_at: string | Date; closed_at: string | Date | null }, now: Date = new Date()): boolean {
  return task.status === 'open' && taskAgeInDays(task, now) >= TASK_CARD_WARNING_DAYS
}

/** True when an overview day cell (Oldest Task, Max Inactivity) shows the warning style: 7 days or more (spec §2, §9). */
export function isOverviewWarning(days: number | null): boolean {
  return days !== null && days >= OVERVIEW_WARNING_DAYS
}

/** "1 day" / "12 days". */
export function formatDays(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`
}

/** The trailing number of a facility name ('Austin Central #100' → 100), or null when it has none. */
export function facilityNameNumber(name: string): number | null {
  const match = /(\d+)\D*$/.exec(name)
  return match ? Number(match[1]) : null
}

/**
 * Orders facility names by their trailing number (spec §2: "The Facility column sorts by the trailing
 * number in the facility name"); names without a number come last, ties by name.
 */
export function compareFacilityNames(a: string, b: string): number {
  const left = facilityNameNumber(a)
  const right = facilityNameNumber(b)
  if (left !== right) {
    if (left === null) return 1
    if (right === null) return -1
    return left - right
  }
  return a.localeCompare(b)
}

/** The next state of a sortable column: unsorted → ascending → descending → unsorted (spec §4 "Sorting"). */
export function nextSortDirection(current: false | 'asc' | 'desc'): false | 'asc' | 'desc' {
  return current === false ? 'asc' : current === 'asc' ? 'desc' : false
}

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
  source: FieldRole.describe('the acting user\'s role: property_manager, regional_manager, otherwise customer_service'),
  source_username: z.string(),
  source_user_email: z.string(),
  task_type: TaskType,
  unit_no: z.string().nullable(),
  created_at: z.string().describe('ISO 8601'),
})
export type TaskActivity = z.infer<typeof TaskActivity>

/** A task without its history, as the lists read it (spec §3 "Task"). */
export const TaskSummary = z.object({
  id: z.number().int(),
  site_code: z.string().describe('the facility\'s location_code'),
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
  thumbnails: z.array(z.string().nullable()).describe('thumbnail URL of each photo, same order; null when none could be made (HEIC)'),
  appointment_id: z.number().int().nullable(),
})
export type TaskSummary = z.infer<typeof TaskSummary>

/** A task with its activity history, oldest first (spec §3, §7 GET /api/tasks/{id}). */
export const Task = TaskSummary.extend({ task_activities: z.array(TaskActivity) })
export type Task = z.infer<typeof Task>

const PageNumber = z.coerce.number().int().min(1).max(100_000).default(1)
const PageSize = z.coerce.number().int().min(1).max(100).default(TASK_PAGE_SIZE)
const LocationCode = z.string().trim().min(1).max(32)

/** GET /api/tasks query (spec §7): page from 1, page_size 10, closed, facility and category. */
export const TaskListQuery = z.object({
  page: PageNumber,
  page_size: PageSize,
  closed: z.enum(['true', 'false']).default('false').describe('true lists closed tasks, otherwise open'),
  location_code: LocationCode.optional(),
  type: TaskCategory.optional(),
})
export type TaskListQuery = z.infer<typeof TaskListQuery>

/** GET /api/tasks response: one page, newest first, and the total for paging (spec §7). */
export const TaskList = z.object({ entries: z.array(TaskSummary), total_entries: z.number().int() })
export type TaskList = z.infer<typeof TaskList>

export const TaskIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })

/** POST /api/tasks (spec §7). JSON, or multipart/form-data with the same fields plus `images` files. */
export const CreateTaskInput = z.object({
  task_type_id: z.coerce.number().int().positive(),
  site_code: LocationCode,
  unit_no: z.string().trim().max(32).nullish().transform((value) => value || null).describe('required for unit tasks, a unit of the facility'),
  prior: Priority.default('medium'),
  description: z.string().trim().min(1, 'Please enter a description.').max(4000),
})
export type CreateTaskInput = z.input<typeof CreateTaskInput>

/** The 409 body when an open duplicate exists (same facility, task type and unit; spec §4, §8). */
export const DuplicateTaskError = ErrorBody.extend({ duplicate_open_task_id: z.number().int() })
export type DuplicateTaskError = z.infer<typeof DuplicateTaskError>

/**
 * POST /api/task_activities (spec §7): task_id plus one of status closed with an optional note (the
 * server requires a non-blank one); a note; a role; status open.
 */
export const TaskActivityInput = z
  .object({
    task_id: z.number().int().positive(),
    status: TaskStatus.optional(),
    note: z.string().max(4000).optional(),
    role: FieldRole.optional(),
  })
  .refine((input) => taskActivityActionOf(input) !== null, {
    message: 'Send task_id with one of: status closed (with a note), a note, a role, or status open.',
  })
export type TaskActivityInput = z.infer<typeof TaskActivityInput>

/** Which action a TaskActivityInput asks for, or null when it mixes or lacks them. */
export function taskActivityActionOf(input: { status?: TaskStatus; note?: string; role?: FieldRole }): Exclude<TaskAction, 'create'> | null {
  const hasNote = input.note !== undefined
  const hasRole = input.role !== undefined
  if (input.status === 'closed') return hasRole ? null : 'close'
  if (input.status === 'open') return hasRole || hasNote ? null : 'reopen'
  if (hasRole) return hasNote ? null : 'assign'
  return hasNote ? 'note' : null
}

/** True when a note holds more than white space (spec §5: closing and Add Note need one). */
export function isNoteGiven(note: string | null | undefined): boolean {
  return (note ?? '').trim().length > 0
}

/** GET /api/tasks/overview row (spec §3 "Task overview row"); day figures are whole days. */
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

/** GET /api/tasks/search (spec §7): site codes with an open task whose unit number or task type matches. */
export const TaskSearchQuery = z.object({ query: z.string().trim().min(1).max(100) })
export const TaskSearchResult = z.object({ site_codes: z.array(z.string()) })
export type TaskSearchResult = z.infer<typeof TaskSearchResult>

/** GET /api/task_activities (spec §7): a facility's activity log, newest first, 10 per page. */
export const TaskActivitiesQuery = z.object({ location_code: LocationCode, page: PageNumber, page_size: PageSize })
export const TaskActivityList = z.object({ entries: z.array(TaskActivity), total_entries: z.number().int() })
export type TaskActivityList = z.infer<typeof TaskActivityList>

/** PUT /api/appointments/{id}/cancel. */
export const AppointmentIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })
export const AppointmentCancelResult = z.object({ appointment_id: z.number().int(), task_id: z.number().int(), message: z.string() })
export type AppointmentCancelResult = z.infer<typeof AppointmentCancelResult>

/** POST /api/ssm/GetAllUnits (spec §7): the storage-management system's unit records, each value a list (first item read). */
export const SsmUnitsInput = z.object({ location_code: LocationCode })
export const SsmUnitRecords = z.object({ Record: z.array(z.record(z.string(), z.array(z.string()))) })
export type SsmUnitRecords = z.infer<typeof SsmUnitRecords>
