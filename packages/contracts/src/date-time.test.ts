import { expect, test } from 'vitest'
import { describeActionTime, formatDateTime } from './date-time.ts'

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

test('a phone time more than a minute before the sync is shown beside it, on one day with the day once', () => {
  expect(describeActionTime('2026-11-24T22:14:00Z', '2026-11-24T22:31:20Z', 'America/Los_Angeles')).toBe(
    '11/24/2026 · Done on the phone at 2:14 PM · synced 2:31 PM',
  )
  expect(describeActionTime('2026-11-24T03:50:00Z', '2026-11-24T16:02:00Z', 'America/New_York')).toBe(
    'Done on the phone at 11/23/2026 10:50 PM · synced 11/24/2026 11:02 AM',
  )
})

test('a phone time within a minute of the sync, or none, adds nothing', () => {
  expect(describeActionTime('2026-11-24T22:14:00Z', '2026-11-24T22:15:00Z', 'UTC')).toBeNull()
  expect(describeActionTime('2026-11-24T22:16:00Z', '2026-11-24T22:15:00Z', 'UTC')).toBeNull()
  expect(describeActionTime(null, '2026-11-24T22:15:00Z', 'UTC')).toBeNull()
})

test('a phone clock ahead of the server by more than a minute is shown as it was, not corrected', () => {
  expect(describeActionTime('2026-11-24T22:18:00Z', '2026-11-24T22:15:00Z', 'UTC')).toBe(
    '11/24/2026 · Done on the phone at 10:18 PM · synced 10:15 PM',
  )
})
