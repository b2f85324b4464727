import type { FieldDescriptor, FieldGroup } from './fields.ts'

/** The snapshot editor's fields (spec: admin-console-part-2 §2), zod-free: screen and server read one list; `required` = NOT NULL. */
export type SnapshotField = FieldDescriptor<SnapshotFieldKey>

export type SnapshotFieldKey =
  | 'facility_alerts'
  | 'facility_address'
  | 'city'
  | 'state'
  | 'zip'
  | 'nickname'
  | 'pronunciation'
  | 'unit_count'
  | 'phone'
  | 'timezone'
  | 'landmark'
  | 'date_of_acquisition'
  | 'previous_owner'
  | 'kiosk'
  | 'gate'
  | 'fence'
  | 'cameras'
  | 'truck_access'
  | 'floor_count'
  | 'elevator_type'
  | 'interior_unit_access_code'
  | 'access_hours'
  | 'auction_winner'
  | 'emergency_code'
  | 'temp_code'
  | 'unit_height'
  | 'climate_controlled_units'
  | 'climate_controlled_type'
  | 'climate_controlled_range'
  | 'rv_ranking'
  | 'indoor_parking'
  | 'outdoor_parking'
  | 'outside_units'
  | 'parking_surface'
  | 'rv_and_boat_only'
  | 'unique_details'
  | 'insurance'
  | 'protection'
  | 'insurance_levels'
  | 'unit_tax'
  | 'parking_tax'
  | 'unit_tax_rate'
  | 'parking_tax_rate'
  | 'late_fee_scheme'
  | 'lien_fee'
  | 'local_tow_company'
  | 'tow_company_phone'
  | 'hide_in_snapshot'

export type SnapshotSection = FieldGroup<SnapshotFieldKey>

export const SNAPSHOT_TEXT_MAX = 255
/** Longest facility alert or unique-details text, in characters. */
export const SNAPSHOT_LONG_TEXT_MAX = 4000
/** Largest property map image accepted, in bytes; larger uploads get 413. */
export const PROPERTY_MAP_MAX_BYTES = 10 * 1024 * 1024
/** Property map images are recognised by their bytes: PNG, JPEG or WebP (SVG is refused: it can carry script). */
export const PROPERTY_MAP_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const

export const FACILITY_ALERTS_FIELD: SnapshotField = {
  key: 'facility_alerts',
  label: 'Facility Alerts',
  kind: 'textarea',
  description: 'Shown with an alert icon at the top of the facility page in the field tool.',
}

/** The Dashboard leaves out a facility so flagged (spec: snapshot-field-tool §2); set in the editor only. */
export const HIDE_IN_SNAPSHOT_FIELD: SnapshotField = {
  key: 'hide_in_snapshot',
  label: 'Hide in Snapshot',
  kind: 'flag',
  description: 'Leaves this facility out of the field tool’s Dashboard.',
}

/** The sections of the editor in the spec's order; Wayfinding also holds the property map upload. */
export const SNAPSHOT_SECTIONS: readonly SnapshotSection[] = [
  {
    title: 'Location Information',
    fields: [
      { key: 'facility_address', label: 'Address', kind: 'text', required: true },
      { key: 'city', label: 'City', kind: 'text', required: true },
      { key: 'state', label: 'State', kind: 'text', required: true },
      { key: 'zip', label: 'Zip', kind: 'text', required: true },
      { key: 'nickname', label: 'Nickname', kind: 'text' },
      { key: 'pronunciation', label: 'Pronunciation', kind: 'text' },
      { key: 'unit_count', label: 'Unit Count', kind: 'integer', required: true },
      { key: 'phone', label: 'Phone', kind: 'phone', required: true },
      { key: 'timezone', label: 'Time Zone', kind: 'time-zone', required: true },
      { key: 'landmark', label: 'Landmark', kind: 'text' },
      { key: 'date_of_acquisition', label: 'Date of Acquisition', kind: 'date' },
      { key: 'previous_owner', label: 'Previous Owner', kind: 'text' },
    ],
  },
  {
    title: 'Gate Access',
    fields: [
      { key: 'kiosk', label: 'Kiosk', kind: 'yes-no' },
      { key: 'gate', label: 'Gate', kind: 'yes-no' },
      { key: 'fence', label: 'Fence', kind: 'yes-no' },
      { key: 'cameras', label: 'Cameras', kind: 'yes-no' },
      { key: 'access_hours', label: 'Access Hours', kind: 'text', required: true },
      { key: 'auction_winner', label: 'Auction Winner', kind: 'gate-code' },
      { key: 'emergency_code', label: 'Emergency Code', kind: 'gate-code' },
      { key: 'temp_code', label: 'Temp Code', kind: 'gate-code' },
      { key: 'interior_unit_access_code', label: 'Interior Unit Access Code', kind: 'text' },
    ],
  },
  { title: 'Unique Details', fields: [{ key: 'unique_details', label: 'Unique Details', kind: 'textarea' }] },
  { title: 'Wayfinding', fields: [] },
  {
    title: 'Property Information',
    fields: [
      { key: 'truck_access', label: 'Truck Access', kind: 'yes-no' },
      { key: 'floor_count', label: 'Floor Count', kind: 'integer', required: true },
      { key: 'elevator_type', label: 'Elevator Type', kind: 'text' },
      { key: 'unit_height', label: 'Unit Height', kind: 'text' },
      { key: 'parking_surface', label: 'Parking Surface', kind: 'text' },
      { key: 'local_tow_company', label: 'Local Tow Company', kind: 'text' },
      { key: 'tow_company_phone', label: 'Tow Company Phone', kind: 'phone' },
    ],
  },
  {
    title: 'Unit Amenities',
    fields: [
      { key: 'climate_controlled_units', label: 'Climate Controlled Units', kind: 'yes-no' },
      { key: 'climate_controlled_type', label: 'Climate Controlled Type', kind: 'text' },
      { key: 'climate_controlled_range', label: 'Climate Controlled Range', kind: 'text' },
      { key: 'rv_ranking', label: 'RV Parking', kind: 'text' },
      { key: 'indoor_parking', label: 'Indoor Parking', kind: 'yes-no' },
      { key: 'outdoor_parking', label: 'Outdoor Parking', kind: 'yes-no' },
      { key: 'outside_units', label: 'Outside Units', kind: 'yes-no' },
      { key: 'rv_and_boat_only', label: 'RV and Boat Only', kind: 'yes-no' },
    ],
  },
  {
    title: 'Billing and Insurance',
    fields: [
      { key: 'insurance', label: 'Insurance', kind: 'yes-no' },
      { key: 'protection', label: 'Protection', kind: 'yes-no' },
      { key: 'insurance_levels', label: 'Insurance Levels', kind: 'text' },
      { key: 'unit_tax', label: 'Unit Tax', kind: 'yes-no' },
      { key: 'unit_tax_rate', label: 'Unit Tax Rate', kind: 'text' },
      { key: 'parking_tax', label: 'Parking Tax', kind: 'yes-no' },
      { key: 'parking_tax_rate', label: 'Parking Tax Rate', kind: 'text' },
      { key: 'late_fee_scheme', label: 'Late Fee Scheme', kind: 'text' },
      { key: 'lien_fee', label: 'Lien Fee', kind: 'text' },
    ],
  },
]

export const SNAPSHOT_FIELDS: readonly SnapshotField[] = [
  FACILITY_ALERTS_FIELD,
  HIDE_IN_SNAPSHOT_FIELD,
  ...SNAPSHOT_SECTIONS.flatMap((section) => section.fields),
]

/** A known facility whose details nobody has saved yet (issue 34): the field tool shows this instead of the sections. */
export const DETAILS_NOT_FILLED_IN = {
  title: 'Details not filled in yet',
  field: 'The details of this facility are not filled in yet. Staff fill them in on the admin console’s Snapshot page.',
  editor: 'The details of this facility are not filled in yet: the field tool shows them once you save this form.',
} as const

/** The save confirmation the server answers with (spec: admin-console-part-2 §8 "Save success alerts the server's response text"). */
export function snapshotSavedMessage(facilityName: string): string {
  return `Snapshot of ${facilityName} saved.`
}

/** The message shown before leaving the editor with unsaved edits (spec: admin-console-part-2 §2, §4). */
export const UNSAVED_CHANGES_MESSAGE = 'Wait! You have unsaved changes. Are you sure?'
