import { expect, test } from 'vitest'
import { TERMINATION_REASONS, formatTimeOfDay, hasKnownReason, reasonWithNotes } from './lease-terminations.ts'

test('a time of day reads on a 12-hour clock with AM or PM', () => {
  expect(formatTimeOfDay('17:00')).toBe('5:00 PM')
  expect(formatTimeOfDay('09:30')).toBe('9:30 AM')
  expect(formatTimeOfDay('23:59')).toBe('11:59 PM')
  expect(formatTimeOfDay('13:05')).toBe('1:05 PM')
})

test('midnight is 12 AM and noon 12 PM; minutes keep two digits', () => {
  expect(formatTimeOfDay('00:00')).toBe('12:00 AM')
  expect(formatTimeOfDay('00:05')).toBe('12:05 AM')
  expect(formatTimeOfDay('12:00')).toBe('12:00 PM')
  expect(formatTimeOfDay('11:59')).toBe('11:59 AM')
})

test('the reason is sent alone, or with the trimmed notes after a dash', () => {
  expect(reasonWithNotes('Other', '')).toBe('Other')
  expect(reasonWithNotes('Other', '   ')).toBe('Other')
  expect(reasonWithNotes('Other', '  Unit sold at auction. ')).toBe('Other - Unit sold at auction.')
})

test('a sent reason is known when it is one of the list, alone or followed by notes', () => {
  const [nonPayment] = TERMINATION_REASONS
  expect(hasKnownReason(nonPayment)).toBe(true)
  expect(hasKnownReason(`${nonPayment} - three months behind`)).toBe(true)
  expect(hasKnownReason('Other')).toBe(true)
  expect(hasKnownReason('Other reasons')).toBe(false)
  expect(hasKnownReason('Breach of Lease')).toBe(false)
  expect(hasKnownReason('')).toBe(false)
})
