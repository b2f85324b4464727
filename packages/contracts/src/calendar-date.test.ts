import { expect, test } from 'vitest'
import { formatCalendarDate } from './calendar-date.ts'

test('a calendar date reads MM/DD/YYYY', () => {
  expect(formatCalendarDate('2020-04-02')).toBe('04/02/2020')
})

test('the date part of an ISO timestamp is read as written, whatever the time zone', () => {
  expect(formatCalendarDate('2019-12-31T23:30:00.000Z')).toBe('12/31/2019')
})

test('text that is not an ISO date is shown unchanged', () => {
  expect(formatCalendarDate('unknown')).toBe('unknown')
})

test('a date inside other text is not a calendar date', () => {
  expect(formatCalendarDate('on 2020-04-02')).toBe('on 2020-04-02')
  expect(formatCalendarDate('20-04-02')).toBe('20-04-02')
  expect(formatCalendarDate('2020-4-2')).toBe('2020-4-2')
})
