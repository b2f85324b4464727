import { expect, test } from 'vitest'
import { toE164 } from './phone.ts'

test('a US number in any typed form becomes E.164', () => {
  expect(toE164('(512) 555-0100')).toBe('+15125550100')
  expect(toE164('512.555.0100')).toBe('+15125550100')
  expect(toE164('1-512-555-0100')).toBe('+15125550100')
})

test('a number with its country code keeps that country', () => {
  expect(toE164('+44 20 7946 0958')).toBe('+442079460958')
})

test('no number or an invalid one is null', () => {
  expect(toE164(null)).toBeNull()
  expect(toE164(undefined)).toBeNull()
  expect(toE164('')).toBeNull()
  expect(toE164('555-0100')).toBeNull()
  expect(toE164('call the office')).toBeNull()
})
