import { describe, expect, test } from 'vitest'
import { isMaskedSecret, maskSecret } from './location-rules.ts'
import { BulkEditInput, LocationInput } from './locations.ts'
import { LocationContentInput } from './location-content.ts'
import { SaveUnitTypeInput } from './unit-types.ts'

const base = {
  name: 'Harbor Point',
  location_code: 'TX1',
  slug: 'harbor-point',
  address: '1 Main St',
  city: 'Austin',
  state: 'tx',
  zip: '78701',
  lat: 30.2,
  long: -97.7,
}

describe('location rules', () => {
  test("a payment key is masked as '••••' and its last four characters", () => {
    expect(maskSecret('ABCDEFGH1234')).toBe('••••1234')
    expect(maskSecret('abc')).toBe('••••')
    expect(maskSecret(null)).toBeNull()
    expect(isMaskedSecret('••••1234')).toBe(true)
    expect(isMaskedSecret('NEW-KEY')).toBe(false)
  })

  test('null values become defaults; texts are trimmed and blank becomes null; the state is upper-cased', () => {
    const parsed = LocationInput.parse({
      ...base,
      strike_through_rate: null,
      reservation_window: null,
      cc_fee: null,
      facility_map_enabled: null,
      photo: '  front.jpg ',
      fax: '   ',
    })
    expect(parsed).toMatchObject({
      strike_through_rate: 0,
      reservation_window: 7,
      cc_fee: false,
      facility_map_enabled: true,
      photo: 'front.jpg',
      fax: null,
      state: 'TX',
    })
  })

  test('reservation_window is a whole number from 1 to 21', () => {
    for (const value of [1, 21])
      expect(LocationInput.safeParse({ ...base, reservation_window: value }).success).toBe(true)
    for (const value of [0, 22, 2.5]) {
      const result = LocationInput.safeParse({ ...base, reservation_window: value })
      expect(result.error?.issues[0]?.message).toBe('Reservation window must be a whole number from 1 to 21.')
    }
  })

  test('strike_through_rate is a percentage from 0 to 100', () => {
    expect(LocationInput.safeParse({ ...base, strike_through_rate: 100 }).success).toBe(true)
    expect(LocationInput.safeParse({ ...base, strike_through_rate: 100.5 }).success).toBe(false)
  })

  test('bulk edit rows need a reservation window in range', () => {
    const row = {
      location_code: 'TX1',
      reservation_window: 22,
      unit_size_high_to_low: true,
      unit_group_large_to_small: false,
      recommended_unit: false,
      unit_groups_expanded: false,
      fee_for_24hr_access: false,
    }
    expect(BulkEditInput.safeParse({ rows: [row] }).success).toBe(false)
    expect(BulkEditInput.parse({ rows: [{ ...row, reservation_window: 21 }] }).rows[0]).toMatchObject({
      title: '',
      meta_title: '',
    })
  })

  test('content trims the facility image location and turns null flags into false', () => {
    expect(LocationContentInput.parse({ facility_image: '  a.jpg ', fee_for_24hr_access: null })).toMatchObject({
      facility_image: 'a.jpg',
      fee_for_24hr_access: false,
      photos: [],
      photo_texts: [],
    })
  })

  test('a unit type note is at most 200 characters', () => {
    expect(SaveUnitTypeInput.safeParse({ location_code: 'TX1', unit_type_id: 1, note: 'x'.repeat(200) }).success).toBe(
      true,
    )
    expect(
      SaveUnitTypeInput.safeParse({ location_code: 'TX1', unit_type_id: 1, note: 'x'.repeat(201) }).error?.issues[0]
        ?.message,
    ).toBe('Note must be at most 200 characters.')
  })
})
