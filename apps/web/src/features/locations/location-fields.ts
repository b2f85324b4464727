import type { LocationInput, LocationRecord } from '@storageops/contracts/locations'
import {
  LOCATION_MESSAGES,
  RESERVATION_WINDOW_MAX,
  RESERVATION_WINDOW_MIN,
  STRIKE_THROUGH_RATE_DEFAULT,
  STRIKE_THROUGH_RATE_MAX,
} from '@storageops/contracts/location-rules'

type FieldKey = Exclude<keyof LocationRecord, 'id' | 'createdAt' | 'updatedAt'>
export type FieldKind =
  'text' | 'long-text' | 'email' | 'coordinate' | 'reservation-window' | 'percent' | 'flag' | 'secret'

export interface LocationField {
  key: FieldKey
  label: string
  kind: FieldKind
  required?: boolean
  description?: string
}

/**
 * Every location field of admin-console-part-1 §3, grouped for the create, edit and view modals:
 * identity, contact, website, kiosk, payments and flags.
 */
export const LOCATION_FIELD_GROUPS: ReadonlyArray<{ title: string; fields: readonly LocationField[] }> = [
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
        kind: 'text',
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
        kind: 'reservation-window',
        description: `Days, ${RESERVATION_WINDOW_MIN} to ${RESERVATION_WINDOW_MAX}.`,
      },
      { key: 'strike_through_rate', label: 'Strike-through rate', kind: 'percent' },
      { key: 'special_instruction_after_rental', label: 'Special instruction after rental', kind: 'long-text' },
      { key: 'facility_map_enabled', label: 'Facility map enabled', kind: 'flag' },
    ],
  },
  {
    title: 'Kiosk',
    fields: [
      { key: 'allow_edge_express_in_kiosk', label: 'Allow Edge Express in kiosk', kind: 'flag' },
      { key: 'kiosk_id_scanner_enabled', label: 'Kiosk ID scanner enabled', kind: 'flag' },
      { key: 'kiosk_xwebid', label: 'Kiosk XWeb ID', kind: 'text' },
      { key: 'kiosk_xwebterminalid', label: 'Kiosk XWeb terminal ID', kind: 'text' },
      { key: 'kiosk_xwebauthkey', label: 'Kiosk XWeb auth key', kind: 'secret' },
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
      { key: 'xwebauthkey', label: 'XWeb auth key', kind: 'secret' },
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

export type LocationFormValues = Record<FieldKey, string | number | boolean>

const FLAG_DEFAULTS: Partial<Record<FieldKey, boolean>> = { facility_map_enabled: true }

/** The form's values for a location, or for a new one; null values become defaults (spec: §2 form behaviours). */
export function toFormValues(location: LocationRecord | null): LocationFormValues {
  const values = {} as LocationFormValues
  for (const field of LOCATION_FIELD_GROUPS.flatMap((group) => group.fields)) {
    const stored = location?.[field.key] ?? null
    if (field.kind === 'flag')
      values[field.key] = typeof stored === 'boolean' ? stored : (FLAG_DEFAULTS[field.key] ?? false)
    else if (field.kind === 'secret') values[field.key] = ''
    else if (field.kind === 'percent')
      values[field.key] = typeof stored === 'number' ? stored : STRIKE_THROUGH_RATE_DEFAULT
    else if (field.kind === 'reservation-window') values[field.key] = typeof stored === 'number' ? stored : 7
    else values[field.key] = stored === null ? '' : stored
  }
  return values
}

/**
 * Checks the form as the server will (required fields, reservation window 1–21, strike-through 0–100)
 * and builds the request body: texts trimmed, sboa_brochure cleared while sboa is off, payment keys
 * sent only when a new one was typed. Returns the first problem's message instead when there is one.
 */
export function toLocationInput(
  values: LocationFormValues,
): { body: LocationInput } | { error: string; field: FieldKey } {
  const fields = LOCATION_FIELD_GROUPS.flatMap((group) => group.fields)
  const body: Record<string, unknown> = {}
  for (const field of fields) {
    const value = values[field.key]
    const text = typeof value === 'string' ? value.trim() : value
    if (field.required && (text === '' || text === undefined))
      return { error: `${field.label} is required.`, field: field.key }
    if (field.kind === 'secret') {
      if (text) body[field.key] = text
    } else if (field.kind === 'coordinate' || field.kind === 'percent' || field.kind === 'reservation-window') {
      body[field.key] = text === '' ? null : Number(text)
    } else body[field.key] = text
  }
  const window = body.reservation_window
  if (
    typeof window !== 'number' ||
    !Number.isInteger(window) ||
    window < RESERVATION_WINDOW_MIN ||
    window > RESERVATION_WINDOW_MAX
  ) {
    return { error: LOCATION_MESSAGES.reservationWindow, field: 'reservation_window' }
  }
  const rate = body.strike_through_rate
  if (typeof rate === 'number' && (rate < 0 || rate > STRIKE_THROUGH_RATE_MAX))
    return { error: LOCATION_MESSAGES.strikeThroughRate, field: 'strike_through_rate' }
  if (!body.sboa) body.sboa_brochure = null
  return { body: body as LocationInput }
}
