/** Unit-map rules (spec: snapshot-field-tool §2, §5, §9; admin-console-part-1 §2, §5, §9), zod-free for the map screens. */

/** The unit search acts from this many characters (spec: snapshot-field-tool §5, §9). */
export const MAP_SEARCH_MIN_CHARS = 3
/** Detail labels (unit number, size) show when the map zoom is above this (spec: snapshot-field-tool §9). */
export const MAP_LABEL_ZOOM = 2
/** Gate and Rental Center rotation, degrees (spec: admin-console-part-1 §5, §9). */
export const SYSTEM_ROTATION_MIN = 0
export const SYSTEM_ROTATION_MAX = 360
/** Gate and Rental Center size (width = length), map units (spec: admin-console-part-1 §5, §9). */
export const SYSTEM_SIZE_MIN = 1
export const SYSTEM_SIZE_MAX = 999
/** Picking a position on the map takes the click coordinate minus this (spec: admin-console-part-1 §5, §9). */
export const PICK_OFFSET = 20
export const SYSTEM_FLOOR = 1
/** The categories that make a unit a system unit, drawn as a marker (spec: admin-console-part-1 §3). */
export const SYSTEM_CATEGORIES = ['Gate', 'Rental Center'] as const
export type SystemCategory = (typeof SYSTEM_CATEGORIES)[number]
export const SYSTEM_UNIT_NO: Record<SystemCategory, string> = { Gate: 'GATE', 'Rental Center': 'OFFICE' }

export const UNIT_MAP_TEXT = {
  noUnits: 'No location units imported.',
  confirmUpload: 'Existing units will be cleaned when uploading new CSV. Are you sure?',
  sampleFile: 'facility-map-sample.csv',
} as const

export const UNIT_STATUSES = ['Rented', 'Vacant', 'Reserved', 'Unrentable'] as const
export type UnitStatus = (typeof UNIT_STATUSES)[number]

/** rented/occupied → Rented, vacant/available → Vacant, reserved → Reserved, anything else → Unrentable. */
export function toUnitStatus(value: string): UnitStatus {
  const text = value.trim().toLowerCase()
  if (text === 'rented' || text === 'occupied') return 'Rented'
  if (text === 'vacant' || text === 'available') return 'Vacant'
  if (text === 'reserved') return 'Reserved'
  return 'Unrentable'
}

/** Facility-map CSV columns: header row required, any order, names case-insensitive. */
export const CSV_COLUMNS = [
  'unit_id',
  'unit_no',
  'floor_no',
  'top_coordinate',
  'left_coordinate',
  'width',
  'length',
  'rotate',
  'category_name',
  'description',
] as const
export const CSV_REQUIRED_COLUMNS = [
  'unit_no',
  'floor_no',
  'top_coordinate',
  'left_coordinate',
  'width',
  'length',
] as const
/** Limits of one CSV row. Coordinates are map units (y grows downwards), rotation degrees. */
export const CSV_LIMITS = {
  maxRows: 50_000,
  unitNoMaxLength: 20,
  unitIdMaxLength: 40,
  floorMin: 1,
  floorMax: 99,
  coordinateMax: 100_000,
  sizeMin: 1,
  sizeMax: 999,
  rotateMin: 0,
  rotateMax: 360,
  categoryMaxLength: 100,
  descriptionMaxLength: 500,
} as const

/** x = lng − 20, y = −lat − 20 in whole map units: CRS.Simple's y points up, top coordinates grow down (spec: admin-console-part-1 §5). */
export function pickedPosition(lat: number, lng: number): { left_coordinate: number; top_coordinate: number } {
  return { left_coordinate: Math.round(lng - PICK_OFFSET), top_coordinate: Math.round(-lat - PICK_OFFSET) }
}

/** Unit numbers containing the query, case-insensitive; none below MAP_SEARCH_MIN_CHARS. */
export function matchUnits<T extends { unit_no: string }>(units: readonly T[], query: string): T[] {
  const needle = query.trim().toLowerCase()
  if (needle.length < MAP_SEARCH_MIN_CHARS) return []
  return units.filter((unit) => unit.unit_no.toLowerCase().includes(needle))
}

export function floorsOf(units: readonly { floor_no: number }[]): number[] {
  const floors = [...new Set(units.map((unit) => unit.floor_no))].sort((a, b) => a - b)
  return floors.length > 0 ? floors : [1]
}
