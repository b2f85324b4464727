import { expect, test } from 'vitest'
import { formatDateTime } from './date-time.ts'

test('a moment reads MM/DD/YYYY plus the time', () => {
  expect(formatDateTime('2026-04-02T20:05:00Z', 'America/Chicago')).toBe('04/02/2026 3:05 PM')
  expect(formatDateTime('2026-12-31T05:00:00Z', 'UTC')).toBe('12/31/2026 5:00 AM')
})

test('an unreadable moment is shown as given', () => {
  expect(formatDateTime('soon')).toBe('soon')
})
