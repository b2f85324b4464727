import { describe, expect, test } from 'vitest'
import {
  noPhotosText,
  brandStandardField,
  BRAND_STANDARD_FIELD,
  BRANDS_TEXT,
  formatDate,
  formatTime,
  isTaskPastDue,
  missingStandards,
  missingStandardsNoteText,
} from './brand-report-rules.ts'
import { isTaskCardWarning } from './task-rules.ts'

const now = new Date('2026-05-20T12:00:00Z')
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString()

describe('brand-report rules', () => {
  test('a task is past due when open and 10 or more days old, the same line as the task card warning', () => {
    expect(isTaskPastDue({ status: 'open', created_at: daysAgo(10), closed_at: null }, now)).toBe(true)
    expect(isTaskPastDue({ status: 'open', created_at: daysAgo(9.9), closed_at: null }, now)).toBe(false)
    expect(isTaskPastDue({ status: 'closed', created_at: daysAgo(40), closed_at: daysAgo(20) }, now)).toBe(false)
    for (const age of [0, 6, 9, 10, 11, 30]) {
      const task = { status: 'open' as const, created_at: daysAgo(age), closed_at: null }
      expect(isTaskPastDue(task, now)).toBe(isTaskCardWarning(task, now))
    }
  })

  test('dates display as MM/DD/YYYY; none as a dash', () => {
    expect(formatDate('2026-04-02T15:05:00')).toBe('04/02/2026')
    expect(formatDate(null)).toBe('—')
    expect(formatDate('not a date')).toBe('not a date')
  })

  test('missing standards keep checklist order', () => {
    const checklist = [
      { id: 1, name: 'Signage' },
      { id: 2, name: 'Office' },
      { id: 3, name: 'Gate' },
    ]
    expect(missingStandards(checklist, [2]).map((standard) => standard.name)).toEqual(['Signage', 'Gate'])
    expect(missingStandards(checklist, [1, 2, 3])).toEqual([])
  })

  test('the notes message names the standards without photos', () => {
    expect(missingStandardsNoteText(['Gate'])).toBe('Say in the notes why Gate has no photos.')
    expect(missingStandardsNoteText(['Restrooms', 'Dumpster Area'])).toBe(
      'Say in the notes why Restrooms, Dumpster Area have no photos.',
    )
  })

  test('photo fields are brand_standard_{id}', () => {
    expect(brandStandardField(7)).toBe('brand_standard_7')
    expect(BRAND_STANDARD_FIELD.exec('brand_standard_7')?.[1]).toBe('7')
    expect(BRAND_STANDARD_FIELD.test('images')).toBe(false)
    expect(BRAND_STANDARD_FIELD.test('brand_standard_7x')).toBe(false)
    expect(BRAND_STANDARD_FIELD.test('xbrand_standard_7')).toBe(false)
    expect(BRAND_STANDARD_FIELD.test('brand_standard_')).toBe(false)
    expect(BRAND_STANDARD_FIELD.test('brand_standard_1234567890')).toBe(false)
    expect(BRAND_STANDARD_FIELD.exec('brand_standard_123456789')?.[1]).toBe('123456789')
  })

  test('the screens say what the spec leaves open in these words', () => {
    expect(BRANDS_TEXT).toEqual({
      noReports: 'No brand standards reports yet.',
      noNotes: 'No notes.',
      embedFailed: 'The analytics report could not be loaded.',
      submitted: 'Brand standards report submitted.',
      atLeastOnePhoto: 'Add a photo of at least one brand standard.',
    })
  })
})

// A timestamp without an offset is read in the viewer's time zone, as the formatters read it: the
// expected texts hold in every time zone.
describe('formatDate', () => {
  test('shows month, day and the four-digit year with leading zeros', () => {
    expect(formatDate('2026-04-02T15:05:00')).toBe('04/02/2026')
    expect(formatDate('2026-12-31T23:59:59')).toBe('12/31/2026')
    expect(formatDate('2031-11-09T00:00:00')).toBe('11/09/2031')
  })

  test('shows a dash for no date and unreadable text as given', () => {
    expect(formatDate(null)).toBe('—')
    expect(formatDate('')).toBe('—')
    expect(formatDate('yesterday')).toBe('yesterday')
  })
})

describe('formatTime', () => {
  test('shows the hour without a leading zero, two-digit minutes and AM or PM', () => {
    expect(formatTime('2026-04-02T15:05:00')).toBe('3:05 PM')
    expect(formatTime('2026-04-02T09:30:00')).toBe('9:30 AM')
    expect(formatTime('2026-04-02T23:59:00')).toBe('11:59 PM')
  })

  test('midnight and noon are 12 AM and 12 PM', () => {
    expect(formatTime('2026-04-02T00:07:00')).toBe('12:07 AM')
    expect(formatTime('2026-04-02T12:00:00')).toBe('12:00 PM')
  })

  test('unreadable text is shown as given', () => {
    expect(formatTime('soon')).toBe('soon')
    expect(formatTime('')).toBe('')
  })
})

test('a partial report names the standards it has no photos of', () => {
  expect(noPhotosText(['Dumpster Area'])).toBe('No photos of Dumpster Area')
  expect(noPhotosText(['Restrooms', 'Dumpster Area'])).toBe('No photos of Restrooms, Dumpster Area')
})
