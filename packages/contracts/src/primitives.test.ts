import { expect, test } from 'vitest'
import { z } from 'zod'
import { CONTROL_CHARACTER_MESSAGE, INT4_MAX, id, idParam, intParam, text } from './primitives.ts'

test('text refuses NUL and the other control characters but keeps tab and line breaks', () => {
  const schema = text().trim().max(50)
  for (const bad of ['a\u0000b', '\u0000', 'bell\u0007', 'esc\u001b[31m', 'del\u007f', 'vt\u000b'])
    expect(schema.safeParse(bad).error?.issues[0]?.message, JSON.stringify(bad)).toBe(CONTROL_CHARACTER_MESSAGE)
  expect(schema.parse('  line one\n\tline two\r\n ')).toBe('line one\n\tline two')
  expect(schema.parse('Ünïcödé 😀 — fine')).toBe('Ünïcödé 😀 — fine')
})

test('text keeps its own error for a missing value and chains like z.string()', () => {
  const schema = z.object({ name: text({ error: 'Name is required.' }).min(1, 'Name is required.') })
  expect(schema.safeParse({}).error?.issues[0]?.message).toBe('Name is required.')
  expect(schema.safeParse({ name: '' }).error?.issues[0]?.message).toBe('Name is required.')
})

test('ids are whole numbers from 1 to the largest int4', () => {
  expect(id().parse(INT4_MAX)).toBe(2_147_483_647)
  for (const bad of [0, -1, 1.5, INT4_MAX + 1, Number.MAX_SAFE_INTEGER + 2, '5', null])
    expect(id().safeParse(bad).success, String(bad)).toBe(false)
  expect(idParam().parse('42')).toBe(42)
  for (const bad of ['2147483648', '99999999999999999999', '0', 'abc', '1.5', '1e400'])
    expect(idParam().safeParse(bad).success, bad).toBe(false)
  expect(intParam().min(0).parse('0')).toBe(0)
  expect(intParam().safeParse('1e20').success).toBe(false)
})
