import { expect, test } from 'vitest'
import { formatFacilityValue, telephoneHref } from './facility-value.ts'

test('boolean facility values display as Yes or No', () => {
  expect(formatFacilityValue(true)).toBe('Yes')
  expect(formatFacilityValue(false)).toBe('No')
})

test('a facility value that is not filled in displays as a dash', () => {
  expect(formatFacilityValue(null)).toBe('—')
  expect(formatFacilityValue('  ')).toBe('—')
})

test('numbers and text display as written', () => {
  expect(formatFacilityValue(363)).toBe('363')
  expect(formatFacilityValue('24 hours')).toBe('24 hours')
})

test('a ten-digit US phone number links with its country code', () => {
  expect(telephoneHref('(348) 687-4113')).toBe('tel:+13486874113')
})
