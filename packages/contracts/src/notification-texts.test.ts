import { describe, expect, test } from 'vitest'
import { NOTIFICATION_EVENT, NOTIFICATION_TEXT, pushTextOf, taskPathOf } from './notification-texts.ts'
import type { Notification } from './notifications.ts'

const notification: Notification = {
  id: 7,
  kind: 'task_created',
  task_id: 42,
  task_title: 'Overlock Unit',
  unit_no: 'A101',
  site_code: 'TX 100/#',
  facility_name: 'Austin North #100',
  role: 'customer_service',
  actor_name: 'Parker Dawson',
  created_at: '2026-11-24T12:00:00.000Z',
  read_at: null,
}

describe('notification texts', () => {
  test('the bell names its unread count, and only the word with none', () => {
    expect(NOTIFICATION_TEXT.bell(0)).toBe('Notifications')
    expect(NOTIFICATION_TEXT.bell(1)).toBe('Notifications, 1 unread')
    expect(NOTIFICATION_TEXT.bell(12)).toBe('Notifications, 12 unread')
  })

  test('the panel, settings and refusal texts', () => {
    expect(NOTIFICATION_TEXT).toEqual({
      bell: expect.any(Function),
      title: 'Notifications',
      markAllRead: 'Mark all as read',
      empty: 'No notifications yet. Tasks assigned to your role will show here.',
      emailToggle: 'Email me when a task is assigned to my role',
      pushToggle: 'Push notifications on this device',
      pushOff: 'Push notifications are off on this server.',
      notFound: expect.any(Function),
    })
    expect(NOTIFICATION_TEXT.notFound(9)).toBe('Notification 9 does not exist.')
    expect(NOTIFICATION_EVENT).toBe('notification')
  })

  test("a notification opens its task's page in the field tool, the site code escaped", () => {
    expect(taskPathOf(notification)).toBe('/snapshot/task-details/TX%20100%2F%23/42')
  })

  test('the push names the task, its unit, the facility, what happened and who did it', () => {
    expect(pushTextOf(notification)).toEqual({
      title: 'Overlock Unit · unit A101',
      body: 'Austin North #100: new task for your role by Parker Dawson',
      url: '/snapshot/task-details/TX%20100%2F%23/42',
    })
    expect(pushTextOf({ ...notification, kind: 'task_assigned', unit_no: null })).toEqual({
      title: 'Overlock Unit',
      body: 'Austin North #100: assigned to your role by Parker Dawson',
      url: '/snapshot/task-details/TX%20100%2F%23/42',
    })
  })
})
