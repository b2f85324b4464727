import zipcodes from 'zipcodes'
import { generateGateCode } from '@storageops/contracts/gate-code'
import type { FieldRole } from '@storageops/contracts/identity'
import type { LocationUnit } from '@storageops/contracts/unit-maps'
import { timeZoneForState } from '@storageops/contracts/time-zones'
import { DEMO_CITIES } from './cities.ts'
import { createRandom, type Random } from './random.ts'

export const DEMO_COMPANY = 'Harbor Point Self Storage'
const BASE_FACILITY_COUNT = 150

export interface DemoLocation {
  name: string
  location_code: string
  slug: string
  address: string
  city: string
  state: string
  zip: string
  lat: number
  long: number
  phone: string
  store_number: number
  reservation_window: number
  floor_count: number
}

export type DemoUnit = Omit<LocationUnit, 'id' | 'location_code' | 'category_name' | 'description'> & {
  category_name: string
  description: string
  unit_type_id: number
  status: 'Rented' | 'Vacant' | 'Reserved' | 'Unrentable' | 'Unavailable'
}

export interface DemoEmployee {
  username: string
  password: string
  full_name: string
  email: string
  role: FieldRole
}

const STREET_NAMES = [
  'Oak',
  'Maple',
  'Cedar',
  'Pine',
  'Elm',
  'Willow',
  'Lakeview',
  'Hillcrest',
  'Sunset',
  'Ridge',
  'Meadow',
  'River',
  'Park',
  'Highland',
  'Valley',
  'Commerce',
  'Industrial',
  'Airport',
  'Market',
  'Mill',
  'Spring',
  'Canyon',
  'Prairie',
  'Harbor',
]
const STREET_SUFFIXES = ['St', 'Ave', 'Blvd', 'Rd', 'Dr', 'Pkwy', 'Hwy', 'Ln']
const DESCRIPTORS = ['North', 'South', 'East', 'West', 'Central', 'Downtown', 'Crossing', 'Plaza', 'Commons', 'Station']
const FIRST_NAMES = [
  'Avery',
  'Jordan',
  'Morgan',
  'Riley',
  'Casey',
  'Quinn',
  'Taylor',
  'Drew',
  'Reese',
  'Parker',
  'Rowan',
  'Sage',
  'Emerson',
  'Hayden',
  'Kendall',
  'Logan',
  'Marlow',
  'Noel',
  'Peyton',
  'Skyler',
]
const LAST_NAMES = [
  'Alvarez',
  'Brooks',
  'Castillo',
  'Dawson',
  'Ellison',
  'Fletcher',
  'Garner',
  'Holloway',
  'Ingram',
  'Jennings',
  'Kessler',
  'Lowry',
  'Mercer',
  'Nash',
  'Okafor',
  'Prescott',
  'Quintero',
  'Ramsey',
  'Sutton',
  'Thornton',
  'Underwood',
  'Vance',
  'Whitaker',
  'Yates',
]
const LANDMARKS = [
  'Across from the Walmart Supercenter',
  'Behind the Shell station',
  'Next to the Home Depot',
  'Two blocks east of the high school',
  'At the corner by the fire station',
  'Beside the county library',
  'Past the water tower on the right',
  'Across the street from the post office',
]
const PREVIOUS_OWNERS = [
  'Lone Star Storage LLC',
  'Family Storage Partners',
  'Keystone Mini Storage',
  'Summit Self Storage Inc.',
  'Blue Door Storage Co.',
  null,
  null,
]
const ELEVATORS = ['Freight elevator', 'Passenger elevator', 'Hydraulic freight elevator']
const TOW_COMPANIES = [
  'Ace Towing',
  'Rapid Recovery Towing',
  'City Wide Towing',
  'A1 Wrecker Service',
  'Metro Tow & Recovery',
]
const ALERTS = [
  'Gate keypad on the east entrance is being replaced; direct tenants to the main gate.',
  'Office closed for inventory on the last Friday of the month.',
  'Elevator 2 out of service until further notice.',
  'Lot repaving in progress; RV row C temporarily closed.',
]
const UNIQUE_DETAILS = [
  'Drive-up units on rows A–C. Climate-controlled building B has a loading dock with two carts.',
  'Tenants with RVs must use the rear gate; the front gate clearance is 11 feet.',
  'Shared lot with a car wash; do not direct moving trucks through the car-wash lane.',
  'Building 3 second floor is reached by the ramp at the north end only.',
  'Wine storage room at 55°F in building A; access by appointment.',
]
const UNIT_SIZES: ReadonlyArray<readonly [width: number, length: number, category: string, weight: number]> = [
  [5, 5, 'Climate Controlled', 3],
  [5, 10, 'Climate Controlled', 5],
  [10, 10, 'Climate Controlled', 5],
  [10, 15, 'Standard', 3],
  [10, 20, 'Drive Up', 3],
  [10, 30, 'Drive Up', 1],
  [12, 35, 'Parking', 1],
]
/** A unit type's size in feet, as the storage-management system holds it (the map draws units at SCALE, depth capped). */
export function unitTypeSizeOf(unitTypeId: number): { width: number; length: number } | undefined {
  const size = UNIT_SIZES[unitTypeId - 1]
  return size && { width: size[0], length: size[1] }
}

/** A unit type's first street rate in whole dollars: $0.95–1.45 a sq ft by facility, climate +20 %, parking $45–70. */
export function demoStreetRate(locationCode: string, unitTypeId: number): number {
  const size = UNIT_SIZES[unitTypeId - 1]
  if (!size) return 100
  const random = createRandom(`street-rate:${locationCode}`)
  const perSquareFoot = 0.95 + random.int(0, 50) / 100
  const [width, length, category] = size
  if (category === 'Parking') return 45 + random.int(0, 25)
  return Math.round(width * length * perSquareFoot * (category === 'Climate Controlled' ? 1.2 : 1) + 15)
}

/** Map units per foot: a 10×10 unit is 20×20 on the map. */
const SCALE = 2

const DEMO_EMPLOYEES: DemoEmployee[] = [
  {
    username: 'csagent',
    password: 'snapshot-demo',
    full_name: 'Casey Alvarez',
    email: 'casey.alvarez@harborpoint.example',
    role: 'customer_service',
  },
  {
    username: 'pmanager',
    password: 'snapshot-demo',
    full_name: 'Parker Dawson',
    email: 'parker.dawson@harborpoint.example',
    role: 'property_manager',
  },
  {
    username: 'rmanager',
    password: 'snapshot-demo',
    full_name: 'Riley Mercer',
    email: 'riley.mercer@harborpoint.example',
    role: 'regional_manager',
  },
]

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

function phoneNumber(random: Random): string {
  return `(${random.int(201, 989)}) ${random.int(200, 989)}-${String(random.int(0, 9999)).padStart(4, '0')}`
}

export function generateLocations(scale = 1): DemoLocation[] {
  const random = createRandom('locations')
  const count = Math.max(1, Math.round(BASE_FACILITY_COUNT * scale))
  const zipQueues = new Map<string, ReturnType<typeof zipcodes.lookupByName>>()
  const usedCodes = new Set<string>()
  const result: DemoLocation[] = []
  for (let index = 0; index < count; index++) {
    const [city, state] = DEMO_CITIES[index % DEMO_CITIES.length]!
    const key = `${city}|${state}`
    if (!zipQueues.has(key)) {
      const zips = zipcodes.lookupByName(city, state).filter((entry) => entry.latitude && entry.longitude)
      zips.sort((a, b) => a.zip.localeCompare(b.zip))
      zipQueues.set(key, zips)
    }
    const zips = zipQueues.get(key)!
    if (zips.length === 0) throw new Error(`No ZIP codes for ${city}, ${state}`)
    const round = Math.floor(index / DEMO_CITIES.length)
    const entry = zips[(round * 7) % zips.length]!
    const storeNumber = 100 + index
    let code = `${state}${storeNumber}`
    while (usedCodes.has(code)) code = `${code}X`
    usedCodes.add(code)
    const descriptor = DESCRIPTORS[(index + round) % DESCRIPTORS.length]!
    result.push({
      name: `${city} ${descriptor} #${storeNumber}`,
      location_code: code,
      slug: slugify(`${city} ${state} ${storeNumber}`),
      address: `${random.int(100, 9899)} ${random.pick(STREET_NAMES)} ${random.pick(STREET_SUFFIXES)}`,
      city,
      state,
      zip: entry.zip,
      lat: entry.latitude,
      long: entry.longitude,
      phone: phoneNumber(random),
      store_number: storeNumber,
      reservation_window: random.int(3, 14),
      floor_count: random.pick([1, 1, 2, 2, 3]),
    })
  }
  return result
}

/** ≈300 units in rows of buildings per floor, plus the Gate and Rental Center on floor 1; deterministic per location code. */
export function generateUnits(location: Pick<DemoLocation, 'location_code' | 'floor_count'>): DemoUnit[] {
  const random = createRandom(`units:${location.location_code}`)
  const units: DemoUnit[] = []
  const target = random.int(250, 390)
  const perFloor = Math.ceil(target / location.floor_count)
  const weighted = UNIT_SIZES.flatMap((size) => Array.from({ length: size[3] }, () => size))
  let unitSerial = 1
  for (let floor = 1; floor <= location.floor_count; floor++) {
    let made = 0
    for (let building = 0; made < perFloor; building++) {
      const letter = String.fromCharCode(65 + building)
      const rowTop = 80 + building * 90
      let left = 60
      for (let slot = 1; made < perFloor && slot <= 40; slot++) {
        const [width, length, category] =
          floor > 1 ? random.pick(weighted.filter((size) => size[2] === 'Climate Controlled')) : random.pick(weighted)
        const rented = random.chance(0.78)
        units.push({
          unit_id: String(100000 + unitSerial),
          unit_no: `${letter}${floor}${String(slot).padStart(2, '0')}`,
          floor_no: floor,
          top_coordinate: rowTop,
          left_coordinate: left,
          width: width * SCALE,
          length: Math.min(length, 20) * SCALE,
          rotate: 0,
          category_name: category,
          description: `${width}x${length} ${category}`,
          system: false,
          system_rotation: 0,
          unit_type_id: UNIT_SIZES.findIndex((size) => size[0] === width && size[1] === length) + 1,
          // Every seventh vacancy is out of service; decided without the random stream so the maps stay as they were.
          status: rented ? 'Rented' : random.chance(0.1) ? 'Reserved' : unitSerial % 7 === 0 ? 'Unrentable' : 'Vacant',
        })
        left += width * SCALE + 2
        unitSerial++
        made++
      }
    }
  }
  const systemUnit = (unitNo: string, category: 'Gate' | 'Rental Center', top: number, left: number): DemoUnit => ({
    unit_id: String(100000 + unitSerial++),
    unit_no: unitNo,
    floor_no: 1,
    top_coordinate: top,
    left_coordinate: left,
    width: 40,
    length: 40,
    rotate: 0,
    category_name: category,
    description: category,
    system: true,
    system_rotation: 0,
    unit_type_id: 0,
    status: 'Unavailable',
  })
  units.push(systemUnit('GATE', 'Gate', 20, 20), systemUnit('OFFICE', 'Rental Center', 20, 120))
  return units
}

/** Tax flags and rates, drawn in the seed's first order (the demo stays as it was); a rate only where the tax applies. */
function taxes(random: Random) {
  const rate = () => `${(random.int(400, 950) / 100).toFixed(2)}%`
  const unitTax = random.chance(0.5)
  const parkingTax = random.chance(0.3)
  const unitTaxRate = random.chance(0.5) ? rate() : null
  const parkingTaxRate = random.chance(0.3) ? rate() : null
  return {
    unit_tax: unitTax,
    parking_tax: parkingTax,
    unit_tax_rate: unitTax ? (unitTaxRate ?? '6.25%') : null,
    parking_tax_rate: parkingTax ? (parkingTaxRate ?? '6.25%') : null,
  }
}

export function generateFacilityDetails(location: DemoLocation, unitCount: number, gateCodes: Record<string, string>) {
  const random = createRandom(`details:${location.location_code}`)
  const climate = random.chance(0.7)
  const rvParking = random.chance(0.5)
  return {
    location_code: location.location_code,
    facility_alerts: random.chance(0.25) ? random.pick(ALERTS) : null,
    facility_address: location.address,
    city: location.city,
    state: location.state,
    zip: location.zip,
    nickname: random.chance(0.5)
      ? `${location.city} ${random.pick(['Main', 'Old Mill', 'Highway', 'Uptown', 'Lakeside'])}`
      : null,
    pronunciation: random.chance(0.2) ? `${location.city.toUpperCase().split('').join('-').slice(0, 20)}` : null,
    unit_count: unitCount,
    phone: location.phone,
    timezone: timeZoneForState(location.state),
    landmark: random.pick(LANDMARKS),
    date_of_acquisition: `${random.int(2012, 2025)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
    previous_owner: random.pick(PREVIOUS_OWNERS),
    kiosk: random.chance(0.6),
    gate: random.chance(0.95),
    fence: random.chance(0.9),
    cameras: random.chance(0.92),
    truck_access: random.chance(0.8),
    floor_count: location.floor_count,
    elevator_type: location.floor_count > 1 ? random.pick(ELEVATORS) : null,
    interior_unit_access_code: location.floor_count > 1 || climate ? String(random.int(1000, 9999)) : null,
    access_hours: random.pick(['6:00 AM - 10:00 PM', '24 hours', '7:00 AM - 9:00 PM', '6:00 AM - 9:00 PM']),
    auction_winner: gateCodes['Auction Winner']!,
    emergency_code: gateCodes['Emergency Code']!,
    temp_code: gateCodes['Temp Code']!,
    unit_height: random.pick(["8'", "10'", "12'", "8' - 12'"]),
    climate_controlled_units: climate,
    climate_controlled_type: climate ? random.pick(['Heated and cooled', 'Cooled only', 'Humidity controlled']) : null,
    climate_controlled_range: climate ? random.pick(['55°F - 80°F', '60°F - 80°F', '50°F - 85°F']) : null,
    rv_ranking: rvParking ? random.pick(['Excellent', 'Good', 'Limited']) : 'None',
    indoor_parking: random.chance(0.2),
    outdoor_parking: rvParking,
    outside_units: random.chance(0.6),
    parking_surface: rvParking ? random.pick(['Paved', 'Gravel', 'Concrete']) : null,
    rv_and_boat_only: random.chance(0.05),
    unique_details: random.pick(UNIQUE_DETAILS),
    insurance: true,
    protection: random.chance(0.8),
    insurance_levels: '$2,000 / $5,000 / $10,000',
    ...taxes(random),
    late_fee_scheme: random.pick(['$20 on day 6, $30 on day 15', '10% of rent on day 5', '$25 on day 10']),
    lien_fee: random.pick(['$35', '$45', '$50']),
    local_tow_company: random.pick(TOW_COMPANIES),
    tow_company_phone: phoneNumber(random),
    property_map: `${location.location_code.toLowerCase()}-property-map.svg`,
    hide_in_snapshot: false,
  }
}

/** Field-tool employees held by the storage-management system: the three demo logins and a staff per region. */
export function generateEmployees(): DemoEmployee[] {
  const random = createRandom('employees')
  const roles: FieldRole[] = ['customer_service', 'property_manager', 'regional_manager']
  const others = Array.from({ length: 27 }, (_, index) => {
    const first = random.pick(FIRST_NAMES)
    const last = random.pick(LAST_NAMES)
    const username = `${first[0]}${last}${index}`.toLowerCase()
    return {
      username,
      password: `pw-${username}`,
      full_name: `${first} ${last}`,
      email: `${username}@harborpoint.example`,
      role: roles[index % 3]!,
    }
  })
  return [...DEMO_EMPLOYEES, ...others]
}

export function generateGateCodes(): Record<'Auction Winner' | 'Emergency Code' | 'Temp Code', string> {
  const random = createRandom('gate-codes')
  const draw = () => generateGateCode((min, max) => random.int(min, max))
  return { 'Auction Winner': `*${draw()}#`, 'Emergency Code': draw(), 'Temp Code': draw() }
}

/** Combination-lock serial numbers and codes: a few per facility. */
export function generateComboLocks(locations: DemoLocation[]) {
  const random = createRandom('combo-locks')
  return locations.flatMap((location) =>
    Array.from({ length: 4 }, (_, index) => ({
      serial_number: `CL-${location.store_number}-${String(index + 1).padStart(3, '0')}`,
      combo_code: String(random.int(0, 9999)).padStart(4, '0'),
      location_code: location.location_code,
    })),
  )
}

export function generatePersonName(random: Random): { first: string; last: string } {
  return { first: random.pick(FIRST_NAMES), last: random.pick(LAST_NAMES) }
}
