import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { Location } from '@storageops/contracts/facilities'
import { clearCachedLocations, readCachedLocations, writeCachedLocations } from './locations-cache.ts'

const albany: Location = {
  id: 1,
  name: 'Albany Station #209',
  location_code: 'NY209',
  slug: 'albany-ny-209',
  address: '7797 Sunset Pkwy',
  city: 'Albany',
  state: 'NY',
  zip: '12201',
  lat: 42.6526,
  long: -73.7562,
  reservation_window: 3,
}

beforeEach(() => {
  const store = new Map<string, string>()
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  })
})
afterEach(() => vi.unstubAllGlobals())

test('a saved facility list is read back with the time it was fetched', () => {
  writeCachedLocations([albany], 1_000)
  expect(readCachedLocations(2_000)).toEqual({ saved_at: 1_000, locations: [albany] })
})

test('a facility list older than 24 hours is not used', () => {
  const hour = 3_600_000
  writeCachedLocations([albany], 1_000)
  expect(readCachedLocations(1_000 + 23 * hour)?.locations).toEqual([albany])
  expect(readCachedLocations(1_000 + 24 * hour)?.locations).toEqual([albany])
  expect(readCachedLocations(1_000 + 24 * hour + 1)).toBeNull()
  expect(readCachedLocations(1_000 + 25 * hour)).toBeNull()
})

test('logout clears the saved facility list', () => {
  writeCachedLocations([albany], 1_000)
  clearCachedLocations()
  expect(readCachedLocations(1_000)).toBeNull()
})

test('an unreadable saved list is ignored', () => {
  localStorage.setItem('snapshot_locations', '{not json')
  expect(readCachedLocations()).toBeNull()
})

test("the list's ETag is kept with it for the next fetch", () => {
  writeCachedLocations([albany], 1_000, '"abc"')
  expect(readCachedLocations(2_000)).toEqual({ saved_at: 1_000, locations: [albany], etag: '"abc"' })
  writeCachedLocations([albany], 3_000, null)
  expect(readCachedLocations(4_000)).toEqual({ saved_at: 3_000, locations: [albany] })
})

test('a list written by another tab is read afresh', () => {
  writeCachedLocations([albany], 1_000)
  localStorage.setItem('snapshot_locations', JSON.stringify({ saved_at: 5_000, locations: [], etag: '"new"' }))
  expect(readCachedLocations(6_000)).toEqual({ saved_at: 5_000, locations: [], etag: '"new"' })
})
