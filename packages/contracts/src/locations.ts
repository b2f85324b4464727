import { z } from 'zod'
import { idParam, text } from './primitives.ts'
import { Location } from './facilities.ts'
import { listOrPage, listQuery, recordsPage } from './list-query.ts'
import {
  LOCATION_CODE_PATTERN,
  LOCATION_MESSAGES,
  RESERVATION_WINDOW_DEFAULT,
  RESERVATION_WINDOW_MAX,
  RESERVATION_WINDOW_MIN,
  SLUG_PATTERN,
  STRIKE_THROUGH_RATE_DEFAULT,
  STRIKE_THROUGH_RATE_MAX,
} from './location-rules.ts'

/** A location with every stored field (spec: admin-console-part-1 §3); the payment-terminal keys only ever go out masked. */
export const LocationRecord = Location.extend({
  phone: z.string().nullable(),
  fax: z.string().nullable(),
  photo: z.string().nullable().describe('facility image location (file name or URL), trimmed'),
  gate_hours: z.string().nullable(),
  office_hours: z.string().nullable(),
  contact_name: z.string().nullable(),
  reservation_email: z.string().nullable(),
  pm_email: z.string().nullable(),
  w9: z.string().nullable(),
  coming_soon: z.boolean(),
  sboa: z.boolean(),
  sboa_brochure: z.string().nullable().describe('always null while sboa is false'),
  allow_edge_express_in_kiosk: z.boolean(),
  special_instruction_after_rental: z.string().nullable(),
  allow_ach: z.boolean(),
  feedback_link: z.string().nullable(),
  autopay_on_move_in: z.boolean(),
  autopay_on_payment: z.boolean(),
  facility_map_enabled: z.boolean(),
  kiosk_id_scanner_enabled: z.boolean(),
  sub_location: z.string().nullable().describe('location_code of a sub facility'),
  strike_through_rate: z.number().describe('percent, default 0'),
  cc_fee: z.boolean().describe("the '$2 CC Processing Fee'"),
  cid: z.string().nullable(),
  reservation_window: z.number().int().describe('days, 1 to 21'),
  xwebid: z.string().nullable(),
  xwebterminalid: z.string().nullable(),
  xwebauthkey: z.string().nullable().describe("masked: '••••' and the last four characters"),
  kiosk_xwebid: z.string().nullable(),
  kiosk_xwebterminalid: z.string().nullable(),
  kiosk_xwebauthkey: z.string().nullable().describe("masked: '••••' and the last four characters"),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type LocationRecord = z.infer<typeof LocationRecord>

const required = (label: string, max = 200) =>
  text({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
// Null, missing and blank all mean "no value" (spec: §2 "null values from the server become defaults").
const optionalText = (max = 2000) =>
  text()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null)
const optionalEmail = text()
  .trim()
  .max(254)
  .nullish()
  .transform((value) => value || null)
  .pipe(z.email('Please enter a valid email address.').nullable())
const flag = (fallback = false) =>
  z
    .boolean()
    .nullish()
    .transform((value) => value ?? fallback)
const coordinate = (label: string, limit: number) =>
  z
    .number({ error: `${label} is required.` })
    .min(-limit, `${label} must be between -${limit} and ${limit}.`)
    .max(limit, `${label} must be between -${limit} and ${limit}.`)
// A new key replaces the stored one; missing, null, blank or the mask handed out keeps it.
const secretInput = text().trim().max(200).nullish()

export const ReservationWindow = z
  .number({ error: LOCATION_MESSAGES.reservationWindow })
  .int(LOCATION_MESSAGES.reservationWindow)
  .min(RESERVATION_WINDOW_MIN, LOCATION_MESSAGES.reservationWindow)
  .max(RESERVATION_WINDOW_MAX, LOCATION_MESSAGES.reservationWindow)

/** Create and edit (spec: admin-console-part-1 §2, §9): blank texts become null, null flags and numbers take their defaults. */
export const LocationInput = z.object({
  name: required('Name'),
  location_code: required('Location code', 32).regex(
    LOCATION_CODE_PATTERN,
    'Location code may hold only letters, digits, - and _.',
  ),
  slug: required('Slug').regex(SLUG_PATTERN, 'Slug may hold only lower-case letters, digits and dashes.'),
  address: required('Address'),
  city: required('City', 100),
  state: required('State', 2)
    .regex(/^[A-Za-z]{2}$/, 'State must be a two-letter code.')
    .toUpperCase(),
  zip: required('Zip', 10).regex(/^\d{5}(-\d{4})?$/, 'Zip must be 5 digits (or ZIP+4).'),
  lat: coordinate('Latitude', 90),
  long: coordinate('Longitude', 180),
  phone: optionalText(40),
  fax: optionalText(40),
  photo: optionalText(500),
  gate_hours: optionalText(200),
  office_hours: optionalText(200),
  contact_name: optionalText(200),
  reservation_email: optionalEmail,
  pm_email: optionalEmail,
  w9: optionalText(500),
  coming_soon: flag(),
  sboa: flag(),
  sboa_brochure: optionalText(500),
  allow_edge_express_in_kiosk: flag(),
  special_instruction_after_rental: optionalText(),
  allow_ach: flag(),
  feedback_link: optionalText(500),
  autopay_on_move_in: flag(),
  autopay_on_payment: flag(),
  facility_map_enabled: flag(true),
  kiosk_id_scanner_enabled: flag(),
  sub_location: optionalText(32),
  strike_through_rate: z
    .number({ error: LOCATION_MESSAGES.strikeThroughRate })
    .min(0, LOCATION_MESSAGES.strikeThroughRate)
    .max(STRIKE_THROUGH_RATE_MAX, LOCATION_MESSAGES.strikeThroughRate)
    .nullish()
    .transform((value) => value ?? STRIKE_THROUGH_RATE_DEFAULT),
  cc_fee: flag(),
  cid: optionalText(100),
  reservation_window: ReservationWindow.nullish().transform((value) => value ?? RESERVATION_WINDOW_DEFAULT),
  xwebid: optionalText(200),
  xwebterminalid: optionalText(200),
  xwebauthkey: secretInput,
  kiosk_xwebid: optionalText(200),
  kiosk_xwebterminalid: optionalText(200),
  kiosk_xwebauthkey: secretInput,
})
export type LocationInput = z.input<typeof LocationInput>
export type LocationInputValues = z.output<typeof LocationInput>

/** PUT /api/locations/{id} (spec: admin-console-part-1 §7): any subset; a field not sent keeps its value, null the default. */
export const LocationUpdateInput = LocationInput.partial()
export type LocationUpdateInput = z.input<typeof LocationUpdateInput>

export const LocationIdParams = z.object({ id: idParam() })
export const LocationCodeParams = z.object({ location_code: text().trim().min(1).max(32) })

export const LocationMessage = z.object({ message: z.string() })

/** The spec does not show this answer: the request is recorded, no reviews provider is connected (docs/areas/locations.md). */
export const FetchReviewsResult = z.object({
  location_code: z.string(),
  status: z.literal('recorded'),
  requested_at: z.string(),
  message: z.string(),
})
export type FetchReviewsResult = z.infer<typeof FetchReviewsResult>

/** A Bulk Edit row (spec: admin-console-part-1 §2): reservation_window plus the CMS content's flags and texts. */
export const BulkEditRow = z.object({
  id: z.number().int(),
  location_code: z.string(),
  name: z.string(),
  city: z.string(),
  state: z.string(),
  reservation_window: z.number().int(),
  unit_size_high_to_low: z.boolean(),
  unit_group_large_to_small: z.boolean().describe("shown as 'Reverse Group Order'"),
  recommended_unit: z.boolean(),
  unit_groups_expanded: z.boolean(),
  fee_for_24hr_access: z.boolean(),
  title: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  access_hours: z.string(),
  customer_service_hours: z.string(),
})
export type BulkEditRow = z.infer<typeof BulkEditRow>

const bulkText = (max: number) =>
  text()
    .trim()
    .max(max, `At most ${max} characters.`)
    .nullish()
    .transform((value) => value ?? '')

export const BulkEditRowInput = z.object({
  location_code: text().trim().min(1).max(32),
  reservation_window: ReservationWindow,
  unit_size_high_to_low: z.boolean(),
  unit_group_large_to_small: z.boolean(),
  recommended_unit: z.boolean(),
  unit_groups_expanded: z.boolean(),
  fee_for_24hr_access: z.boolean(),
  title: bulkText(200),
  meta_title: bulkText(200),
  meta_description: bulkText(500),
  access_hours: bulkText(200),
  customer_service_hours: bulkText(200),
})
export type BulkEditRowInput = z.input<typeof BulkEditRowInput>

/** PUT /api/locations_bulk_edit: the rows to save (the screen sends those changed), in one transaction; any bad row saves nothing. */
export const BulkEditInput = z.object({
  rows: z.array(BulkEditRowInput).min(1, LOCATION_MESSAGES.nothingToSave).max(5000),
})
export type BulkEditInput = z.input<typeof BulkEditInput>

export const BulkEditResult = z.object({ message: z.literal(LOCATION_MESSAGES.bulkSaved), updated: z.number().int() })
export type BulkEditResult = z.infer<typeof BulkEditResult>

/** Fields a customer-service role (is_CS_role) never receives: the Locations screen hides them from it (spec: admin-console-part-1 §2). */
export const CS_HIDDEN_LOCATION_FIELDS = ['allow_ach', 'coming_soon', 'sboa', 'sboa_brochure'] as const
export const CsLocationRecord = LocationRecord.omit({
  allow_ach: true,
  coming_soon: true,
  sboa: true,
  sboa_brochure: true,
})

export const AdminLocationList = z.union([z.array(LocationRecord), z.array(CsLocationRecord)])

export const ADMIN_LOCATIONS_PAGE_SIZE = 25
/** The admin list's sortable columns: the Locations screen's (spec: admin-console-part-1 §2, §6). */
export const ADMIN_LOCATION_SORTS = [
  'name',
  'location_code',
  'city',
  'state',
  'phone',
  'reservation_window',
  ...CS_HIDDEN_LOCATION_FIELDS,
] as const
export type AdminLocationSort = (typeof ADMIN_LOCATION_SORTS)[number]
/** The admin list's paging (DESIGN §13); a customer-service role may not sort by a field it does not receive. */
export const AdminLocationsQuery = listQuery(ADMIN_LOCATION_SORTS)
export type AdminLocationsQuery = z.output<typeof AdminLocationsQuery>
export const AdminLocationsPage = z.union([recordsPage(LocationRecord), recordsPage(CsLocationRecord)])
export type AdminLocationsPage = z.infer<typeof AdminLocationsPage>

export const FACILITY_LIST_PAGE_SIZE = 25
export const FACILITY_LIST_SORTS = ['location_code', 'name', 'address', 'city', 'state'] as const
export type FacilityListSort = (typeof FACILITY_LIST_SORTS)[number]

/** GET /api/locations: one by `location_code`, the admin list by `role=admin`, else the facility list (paged on request). */
export const LocationsQuery = listQuery([...ADMIN_LOCATION_SORTS, 'address'])
  .extend({
    location_code: text().trim().min(1).max(32).optional(),
    role: z.enum(['admin']).optional(),
  })
  .superRefine((query, context) => {
    const sorts: readonly string[] = query.role === 'admin' ? ADMIN_LOCATION_SORTS : FACILITY_LIST_SORTS
    if (query.sort !== undefined && !sorts.includes(query.sort))
      context.addIssue({ code: 'custom', path: ['sort'], message: `Sort by one of: ${sorts.join(', ')}.` })
  })
export type LocationsQuery = z.output<typeof LocationsQuery>
export const LocationsPage = recordsPage(Location)

/** Page size of Location Bulk Edit; edits on every page are kept until saved. */
export const BULK_EDIT_PAGE_SIZE = 25
export const BULK_EDIT_SORTS = ['name', 'location_code', 'city', 'state', 'reservation_window'] as const
export type BulkEditSort = (typeof BULK_EDIT_SORTS)[number]
export const BulkEditQuery = listQuery(BULK_EDIT_SORTS)
export const BulkEditList = listOrPage(BulkEditRow)
