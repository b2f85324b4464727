import { expect, test } from 'vitest'
import { formatDateTime } from './date-time.ts'

test('a moment reads MM/DD/YYYY plus the time', () => {
  expect(formatDateTime('2026-04-02T20:05:00Z', 'America/Chicago')).toBe('04/02/2026 3:05 PM')
  expect(formatDateTime('2026-12-31T05:00:00Z', 'UTC')).toBe('12/31/2026 5:00 AM')
})

test('an unreadable moment is shown as given', () => {
  expect(formatDateTime('soon')).toBe('soon')
})

test("without a time zone the moment is shown in the viewer's own", () => {
  // No offset: read and shown in the local zone, so the text holds wherever the test runs.
  expect(formatDateTime('2026-04-02T15:05:00')).toBe('04/02/2026 3:05 PM')
  expect(formatDateTime('2026-01-09T00:00:00')).toBe('01/09/2026 12:00 AM')
})

test('a time zone moves the moment, day and all', () => {
  expect(formatDateTime('2026-01-01T03:30:00Z', 'America/Los_Angeles')).toBe('12/31/2025 7:30 PM')
  expect(formatDateTime('2026-07-04T16:00:00Z', 'America/New_York')).toBe('07/04/2026 12:00 PM')
  expect(formatDateTime('2026-04-02T20:05:00Z', 'UTC')).toBe('04/02/2026 8:05 PM')
})
