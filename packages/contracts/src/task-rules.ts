import type { FieldRole } from './identity.ts'

/** Maintenance-task rules (spec: snapshot-field-tool §2, §4, §5, §8, §9), zod-free for the field screens. */

export const TASK_PAGE_SIZE = 10
/** A task card gets the warning style when an open task is this many days old or older (spec §2, §9). */
export const TASK_CARD_WARNING_DAYS = 10
/** Overview day cells get the warning style at this many days or more (spec §2, §9). */
export const OVERVIEW_WARNING_DAYS = 7
/** The overview search waits this long after the last keystroke (spec §2, §9), in milliseconds. */
export const TASK_SEARCH_DEBOUNCE_MS = 1000
export const TASK_PHOTO_MAX_COUNT = 10

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

export function appointmentCancelFailedText(error: string): string {
  return `Failed to cancel appointment: ${error}`
}

export const TASK_CATEGORIES = ['property', 'unit'] as const
export type TaskCategory = (typeof TASK_CATEGORIES)[number]
export const TASK_CATEGORY_HEADINGS: Record<TaskCategory, string> = { property: 'Property Tasks', unit: 'Unit Tasks' }

export const PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const
export type Priority = (typeof PRIORITIES)[number]

/** Priority labels and styles, exactly the spec's table (spec §2 "Priority display"). `color` null = normal text. */
export const PRIORITY_DISPLAY: Record<Priority, { label: string; color: 'red' | null; bold: boolean }> = {
  urgent: { label: 'Urgent', color: 'red', bold: true },
  high: { label: 'High Priority', color: 'red', bold: false },
  medium: { label: 'Medium Priority', color: null, bold: false },
  low: { label: 'Low Priority', color: null, bold: false },
}

export const TASK_STATUSES = ['open', 'closed'] as const
export type TaskStatus = (typeof TASK_STATUSES)[number]

export const TASK_ACTIONS = ['create', 'note', 'assign', 'reopen', 'close'] as const
export type TaskAction = (typeof TASK_ACTIONS)[number]

export const ROLE_LABELS: Record<FieldRole, string> = {
  customer_service: 'Customer Service',
  property_manager: 'Property Manager',
  regional_manager: 'Regional Manager',
}

export const TASK_ROLES = Object.keys(ROLE_LABELS) as FieldRole[]

/** Role badge colours, the spec's table (spec §2 "Role badges"): a colour name and the hex value drawn. */
export const ROLE_BADGES: Record<FieldRole, { color: 'red' | 'black' | 'dark blue'; hex: string }> = {
  customer_service: { color: 'red', hex: '#c92a2a' },
  property_manager: { color: 'black', hex: '#000000' },
  regional_manager: { color: 'dark blue', hex: '#1c2f6e' },
}

/** 'customer_service' → 'CS', 'Parker Dawson' → 'PD', 'casey.alvarez@x.example' → 'CA', 'Pat' → 'PA'. */
export function initialsOf(text: string): string {
  const words = text
    .replace(/@.*$/, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
  if (words.length === 0) return ''
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase()
  return `${words[0]![0]}${words[1]![0]}`.toUpperCase()
}

export function roleAbbreviation(role: FieldRole): string {
  return initialsOf(role)
}

/** Activity source of an acting user: property_manager, regional_manager, otherwise customer service (spec §3). */
export function sourceForRole(role: string | null | undefined): FieldRole {
  return role === 'property_manager' || role === 'regional_manager' ? role : 'customer_service'
}

const DAY_MS = 86_400_000

/** Whole days since creation, or since closure for closed tasks (spec §4); never negative. */
export function taskAgeInDays(
  task: { status: TaskStatus; created_at: string | Date; closed_at: string | Date | null },
  now: Date = new Date(),
): number {
  const since = task.status === 'closed' && task.closed_at ? task.closed_at : task.created_at
  return Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / DAY_MS))
}

export function isTaskCardWarning(
  task: { status: TaskStatus; created_at: string | Date; closed_at: string | Date | null },
  now: Date = new Date(),
): boolean {
  return task.status === 'open' && taskAgeInDays(task, now) >= TASK_CARD_WARNING_DAYS
}

export function isOverviewWarning(days: number | null): boolean {
  return days !== null && days >= OVERVIEW_WARNING_DAYS
}

export function formatDays(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`
}

export function facilityNameNumber(name: string): number | null {
  const match = /(\d+)\D*$/.exec(name)
  return match ? Number(match[1]) : null
}

/** By trailing number (spec §2), names without one last, ties by name. */
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

export function nextSortDirection(current: false | 'asc' | 'desc'): false | 'asc' | 'desc' {
  return current === false ? 'asc' : current === 'asc' ? 'desc' : false
}

export function taskActivityActionOf(input: {
  status?: TaskStatus
  note?: string
  role?: FieldRole
}): Exclude<TaskAction, 'create'> | null {
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

/** What Create Task still waits for (spec §5), by the form's labels in order; empty when it may be pressed. */
export function missingForNewTask(form: {
  category: TaskCategory | null
  taskTypeId: string | null
  unitNo: string | null
  description: string
}): string[] {
  return [
    !form.category && 'Category',
    !form.taskTypeId && 'Task Type',
    form.category === 'unit' && !form.unitNo && 'Unit',
    !form.description.trim() && 'Description',
  ].filter((label): label is string => Boolean(label))
}

/** 'Still needed: Category, Task Type and Description.' under a disabled Create Task. */
export function missingForNewTaskText(missing: readonly string[]): string {
  const list = missing.length > 1 ? `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}` : (missing[0] ?? '')
  return `Still needed: ${list}.`
}
