import { describe, expect, test } from 'vitest'
import { LOCATION_CODE_PATTERN, LOCATION_MESSAGES, SLUG_PATTERN, isMaskedSecret, maskSecret } from './location-rules.ts'
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

  test('a key of four characters or fewer is masked whole; an empty key is no key', () => {
    expect(maskSecret('1234')).toBe('••••')
    expect(maskSecret('12345')).toBe('••••2345')
    expect(maskSecret('')).toBeNull()
    expect(isMaskedSecret('••••')).toBe(true)
    expect(isMaskedSecret('')).toBe(false)
  })

  test('a location code is 1 to 32 letters, digits, dashes or underscores', () => {
    for (const code of ['TX100', 'a', 'tx-100_b', 'A'.repeat(32)]) expect(LOCATION_CODE_PATTERN.test(code)).toBe(true)
    for (const code of ['', 'A'.repeat(33), 'TX 100', 'TX100!', '!TX100', 'TX/100'])
      expect(LOCATION_CODE_PATTERN.test(code)).toBe(false)
  })

  test('a slug is lower-case words of letters and digits joined by single dashes', () => {
    for (const slug of ['austin', 'austin-north-100', '7-eleven', 'a-b']) expect(SLUG_PATTERN.test(slug)).toBe(true)
    for (const slug of [
      '',
      'Austin',
      'austin-',
      '-austin',
      'austin--north',
      'austin north',
      'austin-north!',
      '!austin',
      'austin/north',
      'austin-!',
    ])
      expect(SLUG_PATTERN.test(slug)).toBe(false)
  })

  test("the locations screens use the spec's labels and messages, and their own for what the spec leaves open", () => {
    expect(LOCATION_MESSAGES).toEqual({
      ccFeeLabel: '$2 CC Processing Fee',
      reverseGroupOrder: 'Reverse Group Order',
      updateAllPages: 'Update All Pages',
      bulkSaved: 'Saved!',
      contentSaved: 'Successfully updated the contents!',
      contentSaveFailed: 'Failed to update contents.',
      invalidLocationCode: 'Location code is not valid.',
      dataSaved: 'Data saved successfully',
      saveFailed: 'Failed to save data',
      allSaved: 'All changes saved successfully',
      allSaveFailed: 'Failed to save all changes',
      locationCreated: 'Location created successfully',
      locationUpdated: 'Location updated successfully',
      locationDeleted: 'Location deleted successfully',
      confirmDelete: 'Are you sure you want to delete this location?',
      reservationWindow: 'Reservation window must be a whole number from 1 to 21.',
      strikeThroughRate: 'Strike-through rate must be a percentage from 0 to 100.',
      noteTooLong: 'Note must be at most 200 characters.',
      nothingToSave: 'Nothing to save.',
    })
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
