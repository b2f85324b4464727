import { expect, test } from 'vitest'
import { formatCents, parseDollars } from './rates.ts'

test('cents read as dollars with a sign, thousands separators and two decimals', () => {
  expect(formatCents(123_450)).toBe('$1,234.50')
  expect(formatCents(-500)).toBe('-$5.00')
  expect(formatCents(0)).toBe('$0.00')
  expect(formatCents(5)).toBe('$0.05')
  expect(formatCents(-5)).toBe('-$0.05')
  expect(formatCents(123_456_789)).toBe('$1,234,567.89')
})

test('dollars are read into cents, with or without a $ and up to two decimals', () => {
  expect(parseDollars('123')).toBe(12_300)
  expect(parseDollars('$123.4')).toBe(12_340)
  expect(parseDollars(' 123.45 ')).toBe(12_345)
  expect(parseDollars('0.05')).toBe(5)
  expect(parseDollars('9999999.99')).toBe(999_999_999)
})

test('anything else is not an amount', () => {
  for (const raw of ['', '$', '12.345', '-5', '1,234', '12345678', 'abc', '1.2.3', '.50', '$ 5'])
    expect(parseDollars(raw), raw).toBeNull()
})
