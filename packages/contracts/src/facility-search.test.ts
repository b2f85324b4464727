import { expect, test } from 'vitest'
import { facilityResultLine, googleMapsUrl, matchesFacilitySearch } from './facility-search.ts'

const austin = {
  location_code: 'TX100',
  name: 'Austin North #100',
  state: 'TX',
  city: 'Austin',
  address: '6034 Cedar Rd',
  zip: '73301',
}

test('search is a case-insensitive substring match over code, name, state, city, address and zip', () => {
  for (const query of ['tx100', 'north', 'tx', 'AUSTIN', 'cedar rd', '7330', '  austin  ', ''])
    expect(matchesFacilitySearch(austin, query)).toBe(true)
  for (const query of ['dallas', '99999', 'TX101']) expect(matchesFacilitySearch(austin, query)).toBe(false)
})

test('a list with only code and name matches over those', () => {
  const row = { location_code: 'TX100', name: 'Austin North #100' }
  for (const query of ['tx1', 'north #100', '']) expect(matchesFacilitySearch(row, query)).toBe(true)
  for (const query of ['austin, tx', '73301']) expect(matchesFacilitySearch(row, query)).toBe(false)
})

test('a result reads name | address, city, state zip', () => {
  expect(facilityResultLine(austin)).toBe('Austin North #100 | 6034 Cedar Rd, Austin, TX 73301')
})

test('the map link opens Google Maps at zoom 22 in satellite view', () => {
  const url = new URL(googleMapsUrl({ lat: 30.2713, long: -97.7426 }))
  expect(url.hostname).toBe('www.google.com')
  expect(url.searchParams.get('zoom')).toBe('22')
  expect(url.searchParams.get('basemap')).toBe('satellite')
  expect(url.searchParams.get('center')).toBe('30.2713,-97.7426')
})
