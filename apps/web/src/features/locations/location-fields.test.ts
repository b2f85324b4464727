import { describe, expect, test } from 'vitest'
import { schemaResolver } from '@mantine/form'
import { LocationInput, type LocationRecord } from '@storageops/contracts/locations'
import { LOCATION_FIELD_GROUPS, toFormValues, toLocationBody, withChange } from './location-fields.ts'

const required = {
  name: 'Harbor Point',
  location_code: 'TX1',
  slug: 'harbor-point',
  address: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  lat: 30.2,
  long: -97.7,
}
const validate = schemaResolver(LocationInput, { sync: true })

describe('location form', () => {
  test('groups hold every field of §3 once, including the $2 CC Processing Fee label', () => {
    const keys = LOCATION_FIELD_GROUPS.flatMap((group) => group.fields.map((field) => field.key))
    expect(new Set(keys).size).toBe(keys.length)
    expect([...keys].sort()).toEqual(Object.keys(LocationInput.shape).sort())
    expect(LOCATION_FIELD_GROUPS.map((group) => group.title)).toEqual([
      'Identity',
      'Contact',
      'Website',
      'Kiosk',
      'Payments',
      'Flags',
    ])
    expect(LOCATION_FIELD_GROUPS.flatMap((group) => group.fields).find((field) => field.key === 'cc_fee')?.label).toBe(
      '$2 CC Processing Fee',
    )
  })

  test('a new form starts from the defaults: strike-through 0, reservation window 7, facility map on', () => {
    expect(toFormValues(null)).toMatchObject({
      strike_through_rate: 0,
      reservation_window: 7,
      facility_map_enabled: true,
      sboa: false,
      name: '',
    })
  })

  test('null values from the server become defaults and payment keys start empty', () => {
    const values = toFormValues({
      ...required,
      id: 1,
      phone: null,
      strike_through_rate: null,
      xwebauthkey: '••••1234',
    } as unknown as LocationRecord)
    expect(values).toMatchObject({ phone: '', strike_through_rate: 0, xwebauthkey: '' })
  })

  test('turning sboa off clears the brochure; the image location is trimmed; an untouched key is not sent', () => {
    const values = withChange(
      { ...toFormValues(null), ...required, sboa: true, sboa_brochure: 'old.pdf', photo: '  front.jpg ' },
      'sboa',
      false,
    )
    expect(values.sboa_brochure).toBe('')
    const body = toLocationBody(LocationInput.parse(values))
    expect(body).toMatchObject({ sboa_brochure: null, photo: 'front.jpg' })
    expect('xwebauthkey' in body).toBe(false)
  })

  test('required fields and the reservation window are checked before sending', () => {
    expect(validate({ ...toFormValues(null), ...required, name: ' ' })).toEqual({ name: 'Name is required.' })
    expect(validate({ ...toFormValues(null), ...required, reservation_window: 22 })).toEqual({
      reservation_window: 'Reservation window must be a whole number from 1 to 21.',
    })
  })
})
