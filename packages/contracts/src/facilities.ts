import { z } from 'zod'
import { text } from './primitives.ts'
import { SNAPSHOT_LONG_TEXT_MAX, SNAPSHOT_TEXT_MAX } from './facilities-fields.ts'
import { isTypedGateCode, typedGateCodeMessage } from './gate-code.ts'
import { TIME_ZONE_CODES } from './time-zones.ts'

/** True for a real calendar date written YYYY-MM-DD (2024-02-30 is not one). */
function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  return (
    date.getUTCFullYear() === Number(match[1]) &&
    date.getUTCMonth() === Number(match[2]) - 1 &&
    date.getUTCDate() === Number(match[3])
  )
}

/** A location as the facility search list reads it (spec: snapshot-field-tool §3, admin-console-part-1 §7). */
export const Location = z.object({
  id: z.number().int(),
  name: z.string(),
  location_code: z.string(),
  slug: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  lat: z.number().describe('decimal degrees'),
  long: z.number().describe('decimal degrees'),
  reservation_window: z.number().int(),
})
export type Location = z.infer<typeof Location>

export const LocationList = z.array(Location)

export const LocationCodeQuery = z.object({
  location_code: text().trim().min(1).max(32),
})

/** Facility details (spec: snapshot-field-tool §3); money and rates are free text as staff write them ("8.25%"). */
export const FacilityDetails = z.object({
  location_code: z.string(),
  name: z.string(),
  slug: z.string(),
  lat: z.number(),
  long: z.number(),
  website_url: z.string().describe('the facility page on the public website'),
  facility_alerts: z.string().nullable(),
  facility_address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  nickname: z.string().nullable(),
  pronunciation: z.string().nullable(),
  unit_count: z.number().int(),
  phone: z.string(),
  timezone: z.enum(TIME_ZONE_CODES),
  landmark: z.string().nullable(),
  date_of_acquisition: z.string().nullable().describe('YYYY-MM-DD'),
  previous_owner: z.string().nullable(),
  kiosk: z.boolean(),
  gate: z.boolean(),
  fence: z.boolean(),
  cameras: z.boolean(),
  truck_access: z.boolean(),
  floor_count: z.number().int(),
  elevator_type: z.string().nullable(),
  interior_unit_access_code: z.string().nullable(),
  access_hours: z.string(),
  auction_winner: z.string().nullable().describe('auction-winner gate code'),
  emergency_code: z.string().nullable(),
  temp_code: z.string().nullable(),
  unit_height: z.string().nullable(),
  climate_controlled_units: z.boolean(),
  climate_controlled_type: z.string().nullable(),
  climate_controlled_range: z.string().nullable(),
  rv_ranking: z.string().nullable().describe('RV parking'),
  indoor_parking: z.boolean(),
  outdoor_parking: z.boolean(),
  outside_units: z.boolean(),
  parking_surface: z.string().nullable(),
  rv_and_boat_only: z.boolean(),
  unique_details: z.string().nullable(),
  insurance: z.boolean(),
  protection: z.boolean(),
  insurance_levels: z.string().nullable(),
  unit_tax: z.boolean(),
  parking_tax: z.boolean(),
  unit_tax_rate: z.string().nullable(),
  parking_tax_rate: z.string().nullable(),
  late_fee_scheme: z.string().nullable(),
  lien_fee: z.string().nullable(),
  local_tow_company: z.string().nullable(),
  tow_company_phone: z.string().nullable(),
  property_map: z.string().nullable().describe('image file name, served at /img/{property_map}'),
  hide_in_snapshot: z.boolean().describe('left out of the Dashboard (spec §2)'),
  details_filled_in: z
    .boolean()
    .describe('false while the details are the empty ones a new location starts with (no snapshot save yet)'),
})
export type FacilityDetails = z.infer<typeof FacilityDetails>

export const ComboCodeQuery = z.object({
  serial_number: text().trim().min(1, 'Serial number is required').max(64),
})
export const ComboCode = z.object({ serial_number: z.string(), combo_code: z.string() })
export type ComboCode = z.infer<typeof ComboCode>

export const GateCodeEntry = z.object({
  name: z.enum(['Auction Winner', 'Emergency Code', 'Temp Code']),
  currentCode: z.string(),
  updatedAt: z.string().describe('ISO 8601'),
})
export type GateCodeEntry = z.infer<typeof GateCodeEntry>

const yesNo = z
  .union([z.boolean(), z.enum(['true', 'false', 'yes', 'no', 'Yes', 'No'])])
  .transform((value) => value === true || value === 'true' || value === 'yes' || value === 'Yes')
  .describe('yes/no: a boolean, or "true"/"false" in a multipart form')
const blankToNull = (value: unknown) =>
  value === undefined ? undefined : value === null || (typeof value === 'string' && value.trim() === '') ? null : value
const optionalText = (max: number) =>
  z.preprocess(blankToNull, text().trim().max(max, `At most ${max} characters.`).nullable().optional())
const requiredText = (label: string, max = SNAPSHOT_TEXT_MAX) =>
  text().trim().min(1, `${label} is required.`).max(max, `At most ${max} characters.`).optional()
const PHONE = /^[0-9()+\-.\s]{7,25}(\s*(x|ext\.?)\s*\d{1,6})?$/i
// A blank form field is not a number (z.coerce would read '' as 0).
const count = (label: string, min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? Number.NaN : value),
    z.coerce
      .number({ error: `${label} must be a whole number.` })
      .int(`${label} must be a whole number.`)
      .min(min, `${label} must be at least ${min}.`)
      .max(max, `${label} must be at most ${max}.`)
      .optional(),
  )
const gateCode = (label: string) =>
  z.preprocess(blankToNull, text().trim().refine(isTypedGateCode, typedGateCodeMessage(label)).nullable().optional())

/** A snapshot save (spec: admin-console-part-2 §7): only the fields sent change, blank optional texts become null. */
export const SaveFacilitySnapshotInput = z
  .object({
    location_code: text().trim().min(1, 'location_code is required.').max(32),
    slug: text().trim().max(200).optional().describe("the facility's slug; must be the location's when sent"),
    facility_alerts: optionalText(SNAPSHOT_LONG_TEXT_MAX),
    facility_address: requiredText('Address'),
    city: requiredText('City'),
    state: text()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'State must be a two-letter code such as TX.')
      .optional(),
    zip: text()
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, 'Zip must be five digits (or ZIP+4).')
      .optional(),
    nickname: optionalText(SNAPSHOT_TEXT_MAX),
    pronunciation: optionalText(SNAPSHOT_TEXT_MAX),
    unit_count: count('Unit Count', 0, 100_000),
    phone: text().trim().regex(PHONE, 'Phone must be a phone number such as (512) 555-0100.').optional(),
    timezone: z.enum(TIME_ZONE_CODES, { error: 'Time Zone must be one of the listed time zones.' }).optional(),
    landmark: optionalText(SNAPSHOT_TEXT_MAX),
    date_of_acquisition: z.preprocess(
      blankToNull,
      text().trim().refine(isCalendarDate, 'Date of Acquisition must be a date (YYYY-MM-DD).').nullable().optional(),
    ),
    previous_owner: optionalText(SNAPSHOT_TEXT_MAX),
    kiosk: yesNo.optional(),
    gate: yesNo.optional(),
    fence: yesNo.optional(),
    cameras: yesNo.optional(),
    truck_access: yesNo.optional(),
    floor_count: count('Floor Count', 1, 50),
    elevator_type: optionalText(SNAPSHOT_TEXT_MAX),
    interior_unit_access_code: optionalText(SNAPSHOT_TEXT_MAX),
    access_hours: requiredText('Access Hours'),
    auction_winner: gateCode('Auction Winner'),
    emergency_code: gateCode('Emergency Code'),
    temp_code: gateCode('Temp Code'),
    unit_height: optionalText(SNAPSHOT_TEXT_MAX),
    climate_controlled_units: yesNo.optional(),
    climate_controlled_type: optionalText(SNAPSHOT_TEXT_MAX),
    climate_controlled_range: optionalText(SNAPSHOT_TEXT_MAX),
    rv_ranking: optionalText(SNAPSHOT_TEXT_MAX),
    indoor_parking: yesNo.optional(),
    outdoor_parking: yesNo.optional(),
    outside_units: yesNo.optional(),
    parking_surface: optionalText(SNAPSHOT_TEXT_MAX),
    rv_and_boat_only: yesNo.optional(),
    unique_details: optionalText(SNAPSHOT_LONG_TEXT_MAX),
    insurance: yesNo.optional(),
    protection: yesNo.optional(),
    insurance_levels: optionalText(SNAPSHOT_TEXT_MAX),
    unit_tax: yesNo.optional(),
    parking_tax: yesNo.optional(),
    unit_tax_rate: optionalText(SNAPSHOT_TEXT_MAX),
    parking_tax_rate: optionalText(SNAPSHOT_TEXT_MAX),
    late_fee_scheme: optionalText(SNAPSHOT_TEXT_MAX),
    lien_fee: optionalText(SNAPSHOT_TEXT_MAX),
    local_tow_company: optionalText(SNAPSHOT_TEXT_MAX),
    tow_company_phone: z.preprocess(
      blankToNull,
      text()
        .trim()
        .regex(PHONE, 'Tow Company Phone must be a phone number such as (512) 555-0100.')
        .nullable()
        .optional(),
    ),
    hide_in_snapshot: yesNo.optional().describe('true leaves the facility out of the Dashboard'),
  })
  .strict()
export type SaveFacilitySnapshotInput = z.infer<typeof SaveFacilitySnapshotInput>

export const SavedFacilitySnapshot = z.object({ message: z.string(), facility: FacilityDetails })
export type SavedFacilitySnapshot = z.infer<typeof SavedFacilitySnapshot>
