import { z } from 'zod'
import { TIME_ZONE_CODES } from './time-zones.ts'

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
  location_code: z.string().trim().min(1).max(32),
})

/**
 * Facility details (spec: snapshot-field-tool §3). Booleans display as Yes/No. Money and rates are
 * free text as staff write them ("$25 after 5 days", "8.25%").
 */
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
})
export type FacilityDetails = z.infer<typeof FacilityDetails>

export const ComboCodeQuery = z.object({
  serial_number: z.string().trim().min(1, 'Serial number is required').max(64),
})
export const ComboCode = z.object({ serial_number: z.string(), combo_code: z.string() })
export type ComboCode = z.infer<typeof ComboCode>

/** Gate code entry (spec: snapshot-field-tool §3, admin-console-part-2 §3). */
export const GateCodeEntry = z.object({
  name: z.enum(['Auction Winner', 'Emergency Code', 'Temp Code']),
  currentCode: z.string(),
  updatedAt: z.string().describe('ISO 8601'),
})
export type GateCodeEntry = z.infer<typeof GateCodeEntry>
