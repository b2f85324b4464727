import type { LocationInput, LocationInputValues, LocationRecord } from '@storageops/contracts/locations'
import {
  LOCATION_MESSAGES,
  RESERVATION_WINDOW_DEFAULT,
  RESERVATION_WINDOW_MAX,
  RESERVATION_WINDOW_MIN,
  STRIKE_THROUGH_RATE_DEFAULT,
  STRIKE_THROUGH_RATE_MAX,
} from '@storageops/contracts/location-rules'
import { formValuesOf, type FieldGroup, type FieldValue } from '@storageops/contracts/fields'

export type LocationFieldKey = Exclude<keyof LocationRecord, 'id' | 'createdAt' | 'updatedAt'>

const KEY_DESCRIPTION = 'Stored encrypted. Type a new key to replace the saved one.'

/** Every location field of admin-console-part-1 §3, grouped for the create, edit and view modals. */
export const LOCATION_FIELD_GROUPS: readonly FieldGroup<LocationFieldKey>[] = [
  {
    title: 'Identity',
    fields: [
      { key: 'name', label: 'Name', kind: 'text', required: true },
      { key: 'location_code', label: 'Location code', kind: 'text', required: true },
      { key: 'slug', label: 'Slug', kind: 'text', required: true, description: 'Lower-case words joined by dashes.' },
      { key: 'address', label: 'Address', kind: 'text', required: true },
      { key: 'city', label: 'City', kind: 'text', required: true },
      { key: 'state', label: 'State', kind: 'text', required: true, description: 'Two-letter code.' },
      { key: 'zip', label: 'Zip', kind: 'text', required: true },
      { key: 'lat', label: 'Latitude', kind: 'coordinate', required: true },
      { key: 'long', label: 'Longitude', kind: 'coordinate', required: true },
      {
        key: 'photo',
        label: 'Facility image location',
        kind: 'image',
        description: 'File name or URL; spaces around it are removed.',
      },
      { key: 'sub_location', label: 'Sub location', kind: 'text', description: 'Location code of a sub facility.' },
      { key: 'cid', label: 'CID', kind: 'text' },
    ],
  },
  {
    title: 'Contact',
    fields: [
      { key: 'phone', label: 'Phone', kind: 'text' },
      { key: 'fax', label: 'Fax', kind: 'text' },
      { key: 'contact_name', label: 'Contact name', kind: 'text' },
      { key: 'reservation_email', label: 'Reservation email', kind: 'email' },
      { key: 'pm_email', label: 'PM email', kind: 'email' },
      { key: 'gate_hours', label: 'Gate hours', kind: 'text' },
      { key: 'office_hours', label: 'Office hours', kind: 'text' },
      { key: 'w9', label: 'W9', kind: 'text' },
      { key: 'feedback_link', label: 'Feedback link', kind: 'text' },
    ],
  },
  {
    title: 'Website',
    fields: [
      {
        key: 'reservation_window',
        label: 'Reservation window',
        kind: 'integer',
        min: RESERVATION_WINDOW_MIN,
        max: RESERVATION_WINDOW_MAX,
        defaultValue: RESERVATION_WINDOW_DEFAULT,
        description: `Days, ${RESERVATION_WINDOW_MIN} to ${RESERVATION_WINDOW_MAX}.`,
      },
      {
        key: 'strike_through_rate',
        label: 'Strike-through rate',
        kind: 'percent',
        max: STRIKE_THROUGH_RATE_MAX,
        defaultValue: STRIKE_THROUGH_RATE_DEFAULT,
      },
      { key: 'special_instruction_after_rental', label: 'Special instruction after rental', kind: 'textarea' },
      { key: 'facility_map_enabled', label: 'Facility map enabled', kind: 'flag', defaultValue: true },
    ],
  },
  {
    title: 'Kiosk',
    fields: [
      { key: 'allow_edge_express_in_kiosk', label: 'Allow Edge Express in kiosk', kind: 'flag' },
      { key: 'kiosk_id_scanner_enabled', label: 'Kiosk ID scanner enabled', kind: 'flag' },
      { key: 'kiosk_xwebid', label: 'Kiosk XWeb ID', kind: 'text' },
      { key: 'kiosk_xwebterminalid', label: 'Kiosk XWeb terminal ID', kind: 'text' },
      { key: 'kiosk_xwebauthkey', label: 'Kiosk XWeb auth key', kind: 'secret', description: KEY_DESCRIPTION },
    ],
  },
  {
    title: 'Payments',
    fields: [
      { key: 'allow_ach', label: 'Allow ACH', kind: 'flag' },
      { key: 'autopay_on_move_in', label: 'Autopay on move-in', kind: 'flag' },
      { key: 'autopay_on_payment', label: 'Autopay on payment', kind: 'flag' },
      { key: 'cc_fee', label: LOCATION_MESSAGES.ccFeeLabel, kind: 'flag' },
      { key: 'xwebid', label: 'XWeb ID', kind: 'text' },
      { key: 'xwebterminalid', label: 'XWeb terminal ID', kind: 'text' },
      { key: 'xwebauthkey', label: 'XWeb auth key', kind: 'secret', description: KEY_DESCRIPTION },
    ],
  },
  {
    title: 'Flags',
    fields: [
      { key: 'coming_soon', label: 'Coming Soon', kind: 'flag' },
      { key: 'sboa', label: 'SBOA', kind: 'flag' },
      { key: 'sboa_brochure', label: 'SBOA Brochure', kind: 'text', description: 'Only while SBOA is on.' },
    ],
  },
]

export const LOCATION_FIELDS = LOCATION_FIELD_GROUPS.flatMap((group) => group.fields)

export type LocationFormValues = Record<LocationFieldKey, FieldValue>

/** The form's values for a location, or for a new one; null values become defaults (spec: §2 form behaviours). */
export function toFormValues(location: LocationRecord | null): LocationFormValues {
  return formValuesOf(LOCATION_FIELDS, location)
}

/** A change of one field, with its knock-on: turning SBOA off clears the brochure (spec: §2 form behaviours). */
export function withChange(values: LocationFormValues, key: LocationFieldKey, value: FieldValue): LocationFormValues {
  return { ...values, [key]: value, ...(key === 'sboa' && value === false ? { sboa_brochure: '' } : {}) }
}

/** The request body from the checked form: a payment key left blank is not sent, so the saved one stays. */
export function toLocationBody(checked: LocationInputValues): LocationInput {
  const body: LocationInput = { ...checked }
  if (!checked.xwebauthkey) delete body.xwebauthkey
  if (!checked.kiosk_xwebauthkey) delete body.kiosk_xwebauthkey
  return body
}
