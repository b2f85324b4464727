import { describe, expect, test } from 'vitest'
import { SYSTEM_UNIT_NO, UNIT_MAP_TEXT, floorsOf, matchUnits, pickedPosition, toUnitStatus } from './unit-map-rules.ts'
import { SaveSystemUnitsInput } from './unit-maps.ts'

describe('pick-on-map placement (admin-console-part-1 §5)', () => {
  test('x is the click longitude minus 20 and y the sign-inverted latitude minus 20', () => {
    expect(pickedPosition(-120, 300)).toEqual({ left_coordinate: 280, top_coordinate: 100 })
  })

  test('a click at the origin puts the marker at (-20, -20)', () => {
    expect(pickedPosition(0, 0)).toEqual({ left_coordinate: -20, top_coordinate: -20 })
  })

  test('positions are whole map units', () => {
    expect(pickedPosition(-55.6, 70.4)).toEqual({ left_coordinate: 50, top_coordinate: 36 })
  })
})

describe('unit search (snapshot-field-tool §5)', () => {
  const units = [{ unit_no: 'A101' }, { unit_no: 'A102' }, { unit_no: 'B101' }]

  test('under 3 characters nothing matches', () => {
    expect(matchUnits(units, 'A1')).toEqual([])
    expect(matchUnits(units, '  a ')).toEqual([])
  })

  test('from 3 characters unit numbers containing the text match, case-insensitively', () => {
    expect(matchUnits(units, 'a10').map((unit) => unit.unit_no)).toEqual(['A101', 'A102'])
    expect(matchUnits(units, '101').map((unit) => unit.unit_no)).toEqual(['A101', 'B101'])
  })

  test('the search text is trimmed and read in any case', () => {
    expect(matchUnits(units, '  B10  ').map((unit) => unit.unit_no)).toEqual(['B101'])
    expect(matchUnits([{ unit_no: 'c201' }], 'C20').map((unit) => unit.unit_no)).toEqual(['c201'])
  })
})

describe('floors and statuses', () => {
  test('floors are listed ascending once each, floor 1 when there are no units', () => {
    expect(floorsOf([{ floor_no: 2 }, { floor_no: 1 }, { floor_no: 2 }])).toEqual([1, 2])
    expect(floorsOf([])).toEqual([1])
  })

  test('storage-management statuses map to the four map statuses', () => {
    expect(
      ['Rented', 'occupied', 'Vacant', 'Available', 'Reserved', 'Unavailable', 'Damaged'].map(toUnitStatus),
    ).toEqual(['Rented', 'Rented', 'Vacant', 'Vacant', 'Reserved', 'Unrentable', 'Unrentable'])
    expect([' rented ', 'RESERVED\n', '\tvacant'].map(toUnitStatus)).toEqual(['Rented', 'Reserved', 'Vacant'])
  })

  test("the map screens use the spec's texts", () => {
    expect(UNIT_MAP_TEXT).toEqual({
      noUnits: 'No location units imported.',
      confirmUpload: 'Existing units will be cleaned when uploading new CSV. Are you sure?',
      sampleFile: 'facility-map-sample.csv',
    })
  })

  test('the Gate is unit GATE and the Rental Center unit OFFICE', () => {
    expect(SYSTEM_UNIT_NO).toEqual({ Gate: 'GATE', 'Rental Center': 'OFFICE' })
  })
})

describe('SaveSystemUnitsInput (admin-console-part-1 §5, §9)', () => {
  const gate = { category_name: 'Gate', left_coordinate: 10, top_coordinate: 20, system_rotation: 0, size: 40 }

  test('rotation 0 to 360 and size 1 to 999 are accepted at the bounds', () => {
    expect(
      SaveSystemUnitsInput.safeParse({ location_code: 'TX100', units: [{ ...gate, system_rotation: 360, size: 999 }] })
        .success,
    ).toBe(true)
    expect(
      SaveSystemUnitsInput.safeParse({ location_code: 'TX100', units: [{ ...gate, system_rotation: 0, size: 1 }] })
        .success,
    ).toBe(true)
  })

  test('rotation and size outside the limits are refused', () => {
    expect(
      SaveSystemUnitsInput.safeParse({ location_code: 'TX100', units: [{ ...gate, system_rotation: 361 }] }).success,
    ).toBe(false)
    expect(
      SaveSystemUnitsInput.safeParse({ location_code: 'TX100', units: [{ ...gate, system_rotation: -1 }] }).success,
    ).toBe(false)
    expect(SaveSystemUnitsInput.safeParse({ location_code: 'TX100', units: [{ ...gate, size: 0 }] }).success).toBe(
      false,
    )
    expect(SaveSystemUnitsInput.safeParse({ location_code: 'TX100', units: [{ ...gate, size: 1000 }] }).success).toBe(
      false,
    )
  })

  test('the Gate may not come twice, and other categories are refused', () => {
    expect(SaveSystemUnitsInput.safeParse({ location_code: 'TX100', units: [gate, gate] }).success).toBe(false)
    expect(
      SaveSystemUnitsInput.safeParse({ location_code: 'TX100', units: [{ ...gate, category_name: 'Drive Up' }] })
        .success,
    ).toBe(false)
  })
})
