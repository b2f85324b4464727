import { expect, test } from 'vitest'
import { CreateTaskInput, TaskActivityInput } from './tasks.ts'
import {
  PRIORITY_DISPLAY,
  ROLE_BADGES,
  TASK_ROLES,
  compareFacilityNames,
  formatDays,
  initialsOf,
  isNoteGiven,
  isOverviewWarning,
  isTaskCardWarning,
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
  })
  expect(CreateTaskInput.safeParse({ task_type_id: 4, site_code: 'TX100', description: '   ' }).success).toBe(false)
})
