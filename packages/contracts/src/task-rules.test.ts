import { expect, test } from 'vitest'
import { CreateTaskInput, TaskActivityInput } from './tasks.ts'
import {
  PRIORITY_DISPLAY,
  ROLE_BADGES,
  ROLE_LABELS,
  TASK_CATEGORY_HEADINGS,
  TASK_ROLES,
  TASK_TEXT,
  appointmentCancelFailedText,
  compareFacilityNames,
  facilityNameNumber,
  formatDays,
  initialsOf,
  isNoteGiven,
  isOverviewWarning,
  isTaskCardWarning,
  missingForNewTask,
  missingForNewTaskText,
  nextSortDirection,
  roleAbbreviation,
  sourceForRole,
  taskActivityActionOf,
  taskAgeInDays,
} from './task-rules.ts'

const now = new Date('2026-05-20T12:00:00Z')
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString()

test('priority labels and styles follow the spec table', () => {
  expect(PRIORITY_DISPLAY).toEqual({
    urgent: { label: 'Urgent', color: 'red', bold: true },
    high: { label: 'High Priority', color: 'red', bold: false },
    medium: { label: 'Medium Priority', color: null, bold: false },
    low: { label: 'Low Priority', color: null, bold: false },
  })
})

test('role badges are red, black and dark blue and roles abbreviate to CS, PM and RM', () => {
  expect(ROLE_BADGES.customer_service.color).toBe('red')
  expect(ROLE_BADGES.property_manager.color).toBe('black')
  expect(ROLE_BADGES.regional_manager.color).toBe('dark blue')
  expect(roleAbbreviation('customer_service')).toBe('CS')
  expect(roleAbbreviation('property_manager')).toBe('PM')
  expect(roleAbbreviation('regional_manager')).toBe('RM')
  expect(TASK_ROLES).toEqual(['customer_service', 'property_manager', 'regional_manager'])
})

test('a badge shows the first two initials of a name or email', () => {
  expect(initialsOf('Parker Dawson')).toBe('PD')
  expect(initialsOf('casey.alvarez@harborpoint.example')).toBe('CA')
  expect(initialsOf('Mary Ann Lee')).toBe('MA')
  expect(initialsOf('pmanager')).toBe('PM')
  expect(initialsOf('')).toBe('')
})

test('the activity source is the manager role, otherwise customer service', () => {
  expect(sourceForRole('property_manager')).toBe('property_manager')
  expect(sourceForRole('regional_manager')).toBe('regional_manager')
  expect(sourceForRole('customer_service')).toBe('customer_service')
  expect(sourceForRole('clerk')).toBe('customer_service')
  expect(sourceForRole(null)).toBe('customer_service')
})

test('task age counts whole days since creation, or since closure for closed tasks', () => {
  expect(taskAgeInDays({ status: 'open', created_at: daysAgo(3.9), closed_at: null }, now)).toBe(3)
  expect(taskAgeInDays({ status: 'closed', created_at: daysAgo(40), closed_at: daysAgo(2) }, now)).toBe(2)
  expect(taskAgeInDays({ status: 'open', created_at: daysAgo(-1), closed_at: null }, now)).toBe(0)
})

test('a card warns for an open task of 10 days or more, never for a closed one', () => {
  expect(isTaskCardWarning({ status: 'open', created_at: daysAgo(9.99), closed_at: null }, now)).toBe(false)
  expect(isTaskCardWarning({ status: 'open', created_at: daysAgo(10), closed_at: null }, now)).toBe(true)
  expect(isTaskCardWarning({ status: 'closed', created_at: daysAgo(60), closed_at: daysAgo(30) }, now)).toBe(false)
})

test('overview day cells warn at 7 days or more', () => {
  expect(isOverviewWarning(6)).toBe(false)
  expect(isOverviewWarning(7)).toBe(true)
  expect(isOverviewWarning(null)).toBe(false)
  expect(formatDays(1)).toBe('1 day')
  expect(formatDays(7)).toBe('7 days')
})

test('facility names sort by their trailing number, not alphabetically', () => {
  const names = ['Austin North #100', 'Zephyr #9', 'Dallas South #1010', 'No Number Storage', 'Boise #25']
  expect([...names].sort(compareFacilityNames)).toEqual([
    'Zephyr #9',
    'Boise #25',
    'Austin North #100',
    'Dallas South #1010',
    'No Number Storage',
  ])
})

test('sortable columns cycle unsorted, ascending, descending, unsorted', () => {
  expect(nextSortDirection(false)).toBe('asc')
  expect(nextSortDirection('asc')).toBe('desc')
  expect(nextSortDirection('desc')).toBe(false)
})

test('a task activity is exactly one of close, note, assign or reopen', () => {
  expect(taskActivityActionOf({ status: 'closed' })).toBe('close')
  expect(taskActivityActionOf({ status: 'closed', note: 'done' })).toBe('close')
  expect(taskActivityActionOf({ note: 'hi' })).toBe('note')
  expect(taskActivityActionOf({ role: 'property_manager' })).toBe('assign')
  expect(taskActivityActionOf({ status: 'open' })).toBe('reopen')
  expect(taskActivityActionOf({})).toBeNull()
  expect(taskActivityActionOf({ note: 'x', role: 'customer_service' })).toBeNull()
  expect(taskActivityActionOf({ status: 'open', note: 'x' })).toBeNull()
  expect(TaskActivityInput.safeParse({ task_id: 1, status: 'closed' }).success).toBe(true)
  expect(TaskActivityInput.safeParse({ task_id: 1 }).success).toBe(false)
})

test('a note must hold more than white space', () => {
  expect(isNoteGiven(' \n ')).toBe(false)
  expect(isNoteGiven(undefined)).toBe(false)
  expect(isNoteGiven('ok')).toBe(true)
})

test('a new task reads form fields as well as JSON and defaults priority to medium', () => {
  expect(
    CreateTaskInput.parse({ task_type_id: '4', site_code: ' TX100 ', unit_no: '', description: ' Leak ' }),
  ).toEqual({
    task_type_id: 4,
    site_code: 'TX100',
    unit_no: null,
    prior: 'medium',
    description: 'Leak',
    role: null,
  })
  expect(
    CreateTaskInput.parse({ task_type_id: 4, site_code: 'TX100', description: 'Leak', role: 'customer_service' }).role,
  ).toBe('customer_service')
  expect(CreateTaskInput.safeParse({ task_type_id: 4, site_code: 'TX100', description: '   ' }).success).toBe(false)
})

test("the task screens use the spec's texts exactly", () => {
  expect(TASK_TEXT).toEqual({
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
  })
  expect(appointmentCancelFailedText('Appointment not found')).toBe(
    'Failed to cancel appointment: Appointment not found',
  )
  expect(TASK_CATEGORY_HEADINGS).toEqual({ property: 'Property Tasks', unit: 'Unit Tasks' })
})

test('roles read as words and badges draw red, black and dark blue', () => {
  expect(ROLE_LABELS).toEqual({
    customer_service: 'Customer Service',
    property_manager: 'Property Manager',
    regional_manager: 'Regional Manager',
  })
  expect(ROLE_BADGES).toEqual({
    customer_service: { color: 'red', hex: '#c92a2a' },
    property_manager: { color: 'black', hex: '#000000' },
    regional_manager: { color: 'dark blue', hex: '#1c2f6e' },
  })
})

test('initials skip separators at the start, doubled or at the end, and ignore the e-mail domain', () => {
  expect(initialsOf('  Parker   Dawson ')).toBe('PD')
  expect(initialsOf('-casey--alvarez-')).toBe('CA')
  expect(initialsOf('casey@harbor.example')).toBe('CA')
  expect(initialsOf('pat.lee@harbor.example')).toBe('PL')
  expect(initialsOf('@harbor.example')).toBe('')
  expect(initialsOf(' . ')).toBe('')
})

test('an open task counts its age from creation even when it was closed before', () => {
  expect(taskAgeInDays({ status: 'open', created_at: daysAgo(30), closed_at: daysAgo(2) }, now)).toBe(30)
  expect(taskAgeInDays({ status: 'closed', created_at: daysAgo(30), closed_at: null }, now)).toBe(30)
  expect(isTaskCardWarning({ status: 'open', created_at: daysAgo(12), closed_at: daysAgo(1) }, now)).toBe(true)
})

test('the trailing number of a facility name is the last number in it', () => {
  expect(facilityNameNumber('Austin North #100')).toBe(100)
  expect(facilityNameNumber('Route 66 Storage #7')).toBe(7)
  expect(facilityNameNumber('Austin #100 (North)')).toBe(100)
  expect(facilityNameNumber('No Number Storage')).toBeNull()
})

test('facility names without a number sort after every numbered one, either way round', () => {
  expect(compareFacilityNames('No Number Storage', 'Austin #1')).toBeGreaterThan(0)
  expect(compareFacilityNames('Austin #1', 'No Number Storage')).toBeLessThan(0)
  expect(compareFacilityNames('No Number Storage', 'Another Storage')).toBeGreaterThan(0)
  expect(compareFacilityNames('Another Storage', 'No Number Storage')).toBeLessThan(0)
})

test('facility names with the same number sort by name', () => {
  expect(compareFacilityNames('Boise #25', 'Austin #25')).toBeGreaterThan(0)
  expect(compareFacilityNames('Austin #25', 'Boise #25')).toBeLessThan(0)
  expect(compareFacilityNames('Austin #25', 'Austin #25')).toBe(0)
  expect(['Dallas #9', 'Boise #25', 'Austin #25', 'Zephyr', 'Alpha'].sort(compareFacilityNames)).toEqual([
    'Dallas #9',
    'Austin #25',
    'Boise #25',
    'Alpha',
    'Zephyr',
  ])
})

test('the numbers compare as numbers in both directions', () => {
  expect(compareFacilityNames('Zephyr #9', 'Austin #100')).toBeLessThan(0)
  expect(compareFacilityNames('Austin #100', 'Zephyr #9')).toBeGreaterThan(0)
})

test('a disabled Create Task names what is still needed, a unit only for the unit category (issue 34)', () => {
  const blank = { category: null, taskTypeId: null, unitNo: null, description: ' ' }
  expect(missingForNewTask(blank)).toEqual(['Category', 'Task Type', 'Description'])
  expect(missingForNewTaskText(missingForNewTask(blank))).toBe('Still needed: Category, Task Type and Description.')
  expect(missingForNewTask({ ...blank, category: 'unit', taskTypeId: '3' })).toEqual(['Unit', 'Description'])
  expect(missingForNewTaskText(['Unit'])).toBe('Still needed: Unit.')
  expect(missingForNewTask({ category: 'property', taskTypeId: '1', unitNo: null, description: 'Leak' })).toEqual([])
  expect(missingForNewTask({ category: 'unit', taskTypeId: '3', unitNo: 'A101', description: 'Lock' })).toEqual([])
})
