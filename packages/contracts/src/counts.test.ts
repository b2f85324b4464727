import { expect, test } from 'vitest'
import { countOf, foundCountOf } from './counts.ts'

test('countOf adds an s except for one, with thousands separators', () => {
  expect(countOf(0, 'unit')).toBe('0 units')
  expect(countOf(1, 'unit')).toBe('1 unit')
  expect(countOf(1200, 'photo')).toBe('1,200 photos')
})

test('countOf takes the plural of a noun that is not noun + s', () => {
  expect(countOf(1, 'facility', 'facilities')).toBe('1 facility')
  expect(countOf(3, 'facility', 'facilities')).toBe('3 facilities')
})

test('foundCountOf names the search only while there is one', () => {
  expect(foundCountOf(25, '', 'location')).toBe('25 locations')
  expect(foundCountOf(2, 'houston', 'facility', 'facilities')).toBe('2 facilities found for “houston”')
  expect(foundCountOf(1, 'TX100', 'location')).toBe('1 location found for “TX100”')
})
