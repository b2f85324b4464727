import { expect, test } from 'vitest'
import { formatFieldValue, joinedMessages } from './fields.ts'

test("field messages join with '. ', each once, without doubling a message's own period", () => {
  expect(joinedMessages(['Name is required', 'Location is required', 'Name is required'])).toBe(
    'Name is required. Location is required',
  )
  expect(joinedMessages(['State code is not valid.', 'Full name is required', 'Latitude is required.'])).toBe(
    'State code is not valid. Full name is required. Latitude is required.',
  )
  expect(joinedMessages([])).toBe('')
})

test('a flag or yes-no value reads Yes only when set', () => {
  for (const kind of ['flag', 'yes-no'] as const) {
    expect(formatFieldValue({ kind }, true), kind).toBe('Yes')
    expect(formatFieldValue({ kind }, 'true'), kind).toBe('Yes')
    expect(formatFieldValue({ kind }, false), kind).toBe('No')
    expect(formatFieldValue({ kind }, 'false'), kind).toBe('No')
    expect(formatFieldValue({ kind }, null), kind).toBe('No')
  }
})

test('a blank value or an empty list reads as a dash; a list is joined with commas', () => {
  expect(formatFieldValue({ kind: 'text' }, null)).toBe('—')
  expect(formatFieldValue({ kind: 'text' }, undefined)).toBe('—')
  expect(formatFieldValue({ kind: 'text' }, '')).toBe('—')
  expect(formatFieldValue({ kind: 'percent' }, null)).toBe('—')
  expect(formatFieldValue({ kind: 'tags' }, [])).toBe('—')
  expect(formatFieldValue({ kind: 'tags' }, ['Climate', 'Drive Up'])).toBe('Climate, Drive Up')
})

test('a percent gets its sign; other values read as stored', () => {
  expect(formatFieldValue({ kind: 'percent' }, 25)).toBe('25%')
  expect(formatFieldValue({ kind: 'percent' }, 0)).toBe('0%')
  expect(formatFieldValue({ kind: 'integer' }, 0)).toBe('0')
  expect(formatFieldValue({ kind: 'coordinate' }, -97.7431)).toBe('-97.7431')
  expect(formatFieldValue({ kind: 'text' }, 'Austin North #100')).toBe('Austin North #100')
})
