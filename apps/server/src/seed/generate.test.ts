import zipcodes from 'zipcodes'
import { describe, expect, test } from 'vitest'
import { isMonotonicCode } from '@storageops/contracts/gate-code'
import { TIME_ZONE_CODES } from '@storageops/contracts/time-zones'
import {
  generateComboLocks,
  generateEmployees,
  generateFacilityDetails,
  generateGateCodes,
  generateLocations,
  generateUnits,
} from './generate.ts'

const locations = generateLocations(1)

describe('demo data', () => {
  test('is the same on every run', () => {
    expect(generateLocations(1)).toEqual(locations)
    expect(generateUnits(locations[3]!)).toEqual(generateUnits(locations[3]!))
  })

  test('has at least 150 facilities in at least 100 distinct real cities', () => {
    expect(locations.length).toBeGreaterThanOrEqual(150)
    expect(new Set(locations.map((location) => `${location.city}, ${location.state}`)).size).toBeGreaterThanOrEqual(100)
    expect(new Set(locations.map((location) => location.location_code)).size).toBe(locations.length)
    expect(new Set(locations.map((location) => location.slug)).size).toBe(locations.length)
  })

  test('uses the real ZIP, latitude and longitude of each city', () => {
    for (const location of locations) {
      const entry = zipcodes.lookup(location.zip)
      expect(entry).toMatchObject({
        city: location.city,
        state: location.state,
        latitude: location.lat,
        longitude: location.long,
      })
    }
  })

  test('names end with the store number, so the overview can sort by it', () => {
    for (const location of locations) expect(location.name).toMatch(new RegExp(`#${location.store_number}$`))
  })

  test('averages at least 300 units per facility on 1 to 3 floors, with one Gate and one Rental Center', () => {
    let rentable = 0
    for (const location of locations) {
      const units = generateUnits(location)
      rentable += units.filter((unit) => !unit.system).length
      expect(new Set(units.map((unit) => unit.floor_no)).size).toBe(location.floor_count)
      expect(location.floor_count).toBeGreaterThanOrEqual(1)
      expect(location.floor_count).toBeLessThanOrEqual(3)
      expect(
        units
          .filter((unit) => unit.system)
          .map((unit) => unit.category_name)
          .sort(),
      ).toEqual(['Gate', 'Rental Center'])
      expect(new Set(units.map((unit) => unit.unit_no)).size).toBe(units.length)
    }
    expect(rentable / locations.length).toBeGreaterThanOrEqual(300)
  })

  test('a tax rate is given exactly where the tax applies (issue 18: no "Parking Tax: No" beside a rate)', () => {
    const gateCodes = generateGateCodes()
    const details = locations.map((location) => generateFacilityDetails(location, 300, gateCodes))
    for (const facility of details) {
      expect(facility.unit_tax_rate !== null).toBe(facility.unit_tax)
      expect(facility.parking_tax_rate !== null).toBe(facility.parking_tax)
    }
    expect(details.some((facility) => facility.parking_tax)).toBe(true)
    expect(details.some((facility) => !facility.parking_tax)).toBe(true)
  })

  test("fills every facility-detail field with a time zone from the spec's list", () => {
    const details = generateFacilityDetails(locations[0]!, 300, generateGateCodes())
    expect(TIME_ZONE_CODES).toContain(details.timezone)
    for (const field of [
      'facility_address',
      'phone',
      'access_hours',
      'landmark',
      'late_fee_scheme',
      'lien_fee',
      'insurance_levels',
      'unique_details',
      'property_map',
    ]) {
      expect(details[field as keyof typeof details]).toBeTruthy()
    }
  })

  test('has the three gate-code kinds, valid codes, combo locks and the three demo logins', () => {
    const codes = generateGateCodes()
    expect(Object.keys(codes)).toEqual(['Auction Winner', 'Emergency Code', 'Temp Code'])
    expect(isMonotonicCode(codes['Emergency Code'])).toBe(false)
    expect(generateComboLocks(locations.slice(0, 2))).toHaveLength(8)
    expect(
      generateEmployees()
        .slice(0, 3)
        .map((employee) => [employee.username, employee.role]),
    ).toEqual([
      ['csagent', 'customer_service'],
      ['pmanager', 'property_manager'],
      ['rmanager', 'regional_manager'],
    ])
  })
})
