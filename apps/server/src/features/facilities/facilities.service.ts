import { asc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm'
import type { ComboCode, FacilityDetails, Location } from '@storageops/contracts/facilities'
import { timeZoneForState } from '@storageops/contracts/time-zones'
import type { ListQueryOf, RecordsPage } from '@storageops/contracts/list-query'
import { FACILITY_LIST_PAGE_SIZE, type FacilityListSort } from '@storageops/contracts/locations'
import type { Db, Tx } from '../../db/client.ts'
import { comboLocks, locationUnits, locations, snapshotLocations } from '../../db/schema.ts'
import { notFound } from '../../lib/http-error.ts'
import { countRows, listOrderBy, listSearch, listWindow, type ListColumns } from '../../lib/list-query.ts'

const locationColumns = {
  id: locations.id,
  name: locations.name,
  location_code: locations.location_code,
  slug: locations.slug,
  address: locations.address,
  city: locations.city,
  state: locations.state,
  zip: locations.zip,
  lat: locations.lat,
  long: locations.long,
  reservation_window: locations.reservation_window,
}

export async function listLocations(db: Db): Promise<Location[]> {
  return db.select(locationColumns).from(locations).orderBy(asc(locations.name))
}

const FACILITY_LIST: ListColumns<FacilityListSort> = {
  sorts: {
    location_code: locations.location_code,
    name: locations.name,
    address: locations.address,
    city: locations.city,
    state: locations.state,
  },
  key: locations.id,
  defaultOrder: [asc(locations.name)],
  search: [locations.location_code, locations.name, locations.state, locations.city, locations.address, locations.zip],
  defaultLimit: FACILITY_LIST_PAGE_SIZE,
}

export async function listLocationsPage(db: Db, query: ListQueryOf<FacilityListSort>): Promise<RecordsPage<Location>> {
  const where = listSearch(FACILITY_LIST, query.q)
  const { limit, offset } = listWindow(FACILITY_LIST, query)
  const [rows, count] = await Promise.all([
    db
      .select(locationColumns)
      .from(locations)
      .where(where)
      .orderBy(...listOrderBy(FACILITY_LIST, query))
      .limit(limit)
      .offset(offset),
    countRows(db, locations, where),
  ])
  return { rows, count }
}

async function findLocation(db: Db, where: SQL): Promise<Location> {
  const [row] = await db.select(locationColumns).from(locations).where(where).limit(1)
  if (!row) throw notFound('Location code is not valid.', 'location_code')
  return row
}

/** One location by code; 404 'Location code is not valid.' when unknown. */
export function getLocationByCode(db: Db, locationCode: string): Promise<Location> {
  return findLocation(db, eq(locations.location_code, locationCode))
}

/** As getLocationByCode, the code in any case ('tx100' finds TX100; no two codes differ by case alone). */
export function getLocationByCodeInAnyCase(db: Db, locationCode: string): Promise<Location> {
  return findLocation(db, sql`lower(${locations.location_code}) = lower(${locationCode})`)
}

type DetailsRow = Omit<typeof snapshotLocations.$inferSelect, 'updatedAt'>

const { updatedAt: _updatedAt, ...detailColumns } = getTableColumns(snapshotLocations)
const DETAIL_DEFAULTS = Object.fromEntries(
  Object.entries(detailColumns).map(([key, column]) => [key, column.default ?? null]),
) as Record<keyof DetailsRow, unknown>

/** A location's starting details (issue 34): address, phone, its state's time zone; not filled in until a save. */
export function emptyFacilityDetails(location: {
  location_code: string
  address: string
  city: string
  state: string
  zip: string
  phone?: string | null
}): DetailsRow {
  return {
    ...(DETAIL_DEFAULTS as DetailsRow),
    location_code: location.location_code,
    facility_address: location.address,
    city: location.city,
    state: location.state,
    zip: location.zip,
    phone: location.phone ?? '',
    timezone: timeZoneForState(location.state),
    access_hours: '',
    details_filled_in: false,
  }
}

/** Inserts the location's empty details unless it has details already (or the location is unknown). */
export async function ensureFacilityDetails(db: Db | Tx, locationCode: string) {
  const [location] = await db.select().from(locations).where(eq(locations.location_code, locationCode)).limit(1)
  if (location) await db.insert(snapshotLocations).values(emptyFacilityDetails(location)).onConflictDoNothing()
}

/** With the location's name, slug, position and website address; empty details when none yet; 404 unknown. */
export async function getFacilityDetails(
  db: Db,
  locationCode: string,
  publicSiteUrl: string,
): Promise<FacilityDetails> {
  const [row] = await db
    .select({ location: locations, details: snapshotLocations })
    .from(locations)
    .leftJoin(snapshotLocations, eq(locations.location_code, snapshotLocations.location_code))
    .where(eq(locations.location_code, locationCode))
    .limit(1)
  if (!row) throw notFound(`No facility with location code ${locationCode}.`, 'location_code')
  const { updatedAt: _updated, ...details } = row.details ?? {
    ...emptyFacilityDetails(row.location),
    updatedAt: null,
  }
  return {
    ...details,
    timezone: details.timezone as FacilityDetails['timezone'],
    name: row.location.name,
    slug: row.location.slug,
    lat: row.location.lat,
    long: row.location.long,
    website_url: `${publicSiteUrl.replace(/\/$/, '')}/${row.location.slug}`,
  }
}

/** The combination of a lock by serial number (case-insensitive); 404 with a message when unknown. */
export async function getComboCode(db: Db, serialNumber: string): Promise<ComboCode> {
  const [row] = await db
    .select()
    .from(comboLocks)
    .where(eq(comboLocks.serial_number, serialNumber.trim().toUpperCase()))
    .limit(1)
  if (!row) throw notFound(`No combo code found for serial number ${serialNumber.trim()}.`, 'serial_number')
  return { serial_number: row.serial_number, combo_code: row.combo_code }
}

export async function listLocationUnits(db: Db, locationCode: string) {
  await getLocationByCode(db, locationCode)
  return db
    .select()
    .from(locationUnits)
    .where(eq(locationUnits.location_code, locationCode))
    .orderBy(asc(locationUnits.floor_no), asc(locationUnits.unit_no))
}
