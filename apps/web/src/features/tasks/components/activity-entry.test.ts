import { expect, test } from 'vitest'
import type { TaskActivity } from '@storageops/contracts/tasks'
import { describeActivity } from './activity-entry.tsx'

const activity = (action: TaskActivity['action'], role: TaskActivity['role'] = null) =>
  ({ action, role }) as TaskActivity

test('each task action is told in words', () => {
  expect(describeActivity(activity('create'))).toBe('created the task')
  expect(describeActivity(activity('note'))).toBe('added a note')
  expect(describeActivity(activity('close'))).toBe('closed the task')
  expect(describeActivity(activity('reopen'))).toBe('reopened the task')
})

test('an assignment names the role by its label; none left removes the assignee', () => {
  expect(describeActivity(activity('assign', 'regional_manager'))).toBe('assigned it to Regional Manager')
  expect(describeActivity(activity('assign', 'customer_service'))).toBe('assigned it to Customer Service')
  expect(describeActivity(activity('assign', null))).toBe('removed the assignee')
})
