import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { ListQueryOf, RecordsPage } from '@storageops/contracts/list-query'
import {
  ADMIN_LOCATIONS_PAGE_SIZE,
  BULK_EDIT_PAGE_SIZE,
  type AdminLocationSort,
  type BulkEditSort,
  type BulkEditInput,
  type BulkEditResult,
  type BulkEditRow,
  type FetchReviewsResult,
  type LocationInput,
  type LocationRecord,
} from '@storageops/contracts/locations'
import { isMaskedSecret, LOCATION_MESSAGES } from '@storageops/contracts/location-rules'
import type { Db, Tx } from '../../db/client.ts'
import { landingPages, locationContents, locations } from '../../db/schema.ts'
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-error.ts'
import type { AdminSession } from '../../lib/admin-session.ts'
import { recordAudit } from '../../lib/audit.ts'
import { countRows, listOrderBy, listSearch, listWindow, readPage, type ListColumns } from '../../lib/list-query.ts'
import { ensureFacilityDetails } from '../facilities/facilities.service.ts'
import type { SecretBox } from './location-secrets.ts'

type LocationRow = typeof locations.$inferSelect
type LocationValues = z.output<typeof LocationInput>

export function toLocationRecord(row: LocationRow, box: SecretBox): LocationRecord {
  return {
    ...row,
    xwebauthkey: box.mask('xwebauthkey', row.xwebauthkey),
    kiosk_xwebauthkey: box.mask('kiosk_xwebauthkey', row.kiosk_xwebauthkey),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

// The audit log keeps that a key changed, never the key or its ciphertext.
function auditView(record: LocationRecord, changedSecrets: string[] = []) {
  return { ...record, ...(changedSecrets.length ? { secrets_replaced: changedSecrets } : {}) }
}

async function findLocation(db: Db | Tx, id: number): Promise<LocationRow> {
  const [row] = await db.select().from(locations).where(eq(locations.id, id)).limit(1)
  if (!row) throw notFound('Location not found.', 'id')
  return row
}

/** sboa off clears sboa_brochure; a key is encrypted only when a new one is sent (spec: admin-console-part-1 §2); 409 taken code or slug. */
async function toColumns(tx: Tx, input: LocationValues, box: SecretBox, currentId: number | null) {
  const { xwebauthkey, kiosk_xwebauthkey, ...fields } = input
  const columns: Partial<typeof locations.$inferInsert> & Omit<LocationValues, 'xwebauthkey' | 'kiosk_xwebauthkey'> = {
    ...fields,
    sboa_brochure: fields.sboa ? fields.sboa_brochure : null,
  }
  const replaced: string[] = []
  for (const [field, value] of [
    ['xwebauthkey', xwebauthkey],
    ['kiosk_xwebauthkey', kiosk_xwebauthkey],
  ] as const) {
    if (value && !isMaskedSecret(value)) {
      columns[field] = box.encrypt(field, value)
      replaced.push(field)
    }
  }
  const others = currentId === null ? undefined : ne(locations.id, currentId)
  const [sameCode] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(and(sql`lower(${locations.location_code}) = lower(${fields.location_code})`, others))
    .limit(1)
  if (sameCode)
    throw conflict(`Location code ${fields.location_code} is already used by another location.`, {
      field: 'location_code',
    })
  const [sameSlug] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.slug, fields.slug), others))
    .limit(1)
  if (sameSlug) throw conflict(`Slug ${fields.slug} is already used by another location.`, { field: 'slug' })
  if (fields.sub_location) {
    if (fields.sub_location === fields.location_code)
      throw badRequest('A location cannot be its own sub location.', 'sub_location')
    const [sub] = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.location_code, fields.sub_location))
      .limit(1)
    if (!sub) throw badRequest(`Sub location ${fields.sub_location} is not a location code.`, 'sub_location')
  }
  return { columns, replaced }
}

export async function listAdminLocations(db: Db, box: SecretBox): Promise<LocationRecord[]> {
  const rows = await db.select().from(locations).orderBy(asc(locations.name))
  return rows.map((row) => toLocationRecord(row, box))
}

const ADMIN_LOCATIONS_LIST: ListColumns<AdminLocationSort> = {
  sorts: {
    name: locations.name,
    location_code: locations.location_code,
    city: locations.city,
    state: locations.state,
    phone: locations.phone,
    reservation_window: locations.reservation_window,
    allow_ach: locations.allow_ach,
    coming_soon: locations.coming_soon,
    sboa: locations.sboa,
    sboa_brochure: locations.sboa_brochure,
  },
  key: locations.id,
  defaultOrder: [asc(locations.name)],
  search: [locations.name, locations.location_code, locations.city, locations.state],
  defaultLimit: ADMIN_LOCATIONS_PAGE_SIZE,
}

export async function listAdminLocationsPage(
  db: Db,
  box: SecretBox,
  query: ListQueryOf<AdminLocationSort>,
): Promise<RecordsPage<LocationRecord>> {
  return readPage(db, locations, ADMIN_LOCATIONS_LIST, query, (row) => toLocationRecord(row, box))
}

export async function getLocation(db: Db, id: number, box: SecretBox): Promise<LocationRecord> {
  return toLocationRecord(await findLocation(db, id), box)
}

/** With its empty facility details. Errors: 400 bad field; 409 location_code or slug taken; 422 a payment key without SECRETS_KEY. */
export async function createLocation(
  db: Db,
  input: LocationValues,
  box: SecretBox,
  actor: AdminSession,
): Promise<LocationRecord> {
  return db.transaction(async (tx) => {
    const { columns, replaced } = await toColumns(tx, input, box, null)
    const [row] = await tx.insert(locations).values(columns).returning()
    await ensureFacilityDetails(tx, row!.location_code)
    const record = toLocationRecord(row!, box)
    await recordAudit(tx, actor, 'create', 'location', record.id, null, auditView(record, replaced))
    return record
  })
}

/** The fields sent, over the stored ones. Errors: 404, and those of createLocation. */
export async function updateLocation(
  db: Db,
  id: number,
  input: Partial<LocationValues>,
  box: SecretBox,
  actor: AdminSession,
): Promise<LocationRecord> {
  return db.transaction(async (tx) => {
    const before = await findLocation(tx, id)
    const {
      id: _id,
      createdAt: _created,
      updatedAt: _updated,
      xwebauthkey: _key,
      kiosk_xwebauthkey: _kioskKey,
      ...stored
    } = before
    const { columns, replaced } = await toColumns(tx, { ...stored, ...input }, box, id)
    const [row] = await tx
      .update(locations)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(locations.id, id))
      .returning()
    const record = toLocationRecord(row!, box)
    await recordAudit(
      tx,
      actor,
      'update',
      'location',
      id,
      auditView(toLocationRecord(before, box)),
      auditView(record, replaced),
    )
    return record
  })
}

/** Deletes it with everything hanging on it; 404 unknown; 409 while a landing page shows it (decision 016). */
export async function deleteLocation(db: Db, id: number, box: SecretBox, actor: AdminSession): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findLocation(tx, id)
    const showing = await tx
      .select({ short_name: landingPages.short_name, full_name: landingPages.full_name })
      .from(landingPages)
      .where(sql`${id} = any(${landingPages.facilities_ids})`)
      .orderBy(landingPages.full_name)
    if (showing.length)
      throw new HttpError(
        409,
        'conflict',
        `${before.name} is shown on ${showing.length === 1 ? 'the landing page' : 'the landing pages'} ${showing.map((page) => page.full_name).join(', ')}. Take it off ${showing.length === 1 ? 'that page' : 'those pages'} first.`,
        'id',
        { landing_pages: showing.map((page) => page.short_name) },
      )
    await tx.update(locations).set({ sub_location: null }).where(eq(locations.sub_location, before.location_code))
    await tx.delete(locations).where(eq(locations.id, id))
    await recordAudit(tx, actor, 'delete', 'location', id, auditView(toLocationRecord(before, box)), null)
  })
}

/** No reviews provider is connected: the request is audited and answered as recorded; 404 for an unknown code. */
export async function requestReviewFetch(
  db: Db,
  locationCode: string,
  actor: AdminSession,
): Promise<FetchReviewsResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.location_code, locationCode))
      .limit(1)
    if (!row) throw notFound(LOCATION_MESSAGES.invalidLocationCode, 'location_code')
    const requestedAt = new Date().toISOString()
    await recordAudit(tx, actor, 'fetch-reviews', 'location', row.id, null, {
      location_code: locationCode,
      requested_at: requestedAt,
    })
    return {
      location_code: locationCode,
      status: 'recorded' as const,
      requested_at: requestedAt,
      message: `Review fetch requested for ${locationCode}.`,
    }
  })
}

const BULK_CONTENT_FIELDS = [
  'unit_size_high_to_low',
  'unit_group_large_to_small',
  'recommended_unit',
  'unit_groups_expanded',
  'fee_for_24hr_access',
  'title',
  'meta_title',
  'meta_description',
  'access_hours',
  'customer_service_hours',
] as const

const bulkEditSelect = (db: Db) =>
  db
    .select({ location: locations, content: locationContents })
    .from(locations)
    .leftJoin(locationContents, eq(locationContents.location_code, locations.location_code))
    .$dynamic()

function toBulkEditRow({
  location,
  content,
}: {
  location: LocationRow
  content: typeof locationContents.$inferSelect | null
}): BulkEditRow {
  return {
    id: location.id,
    location_code: location.location_code,
    name: location.name,
    city: location.city,
    state: location.state,
    reservation_window: location.reservation_window,
    ...(content ? pickBulkContent(content) : blankBulkContent),
  }
}

/** Every location's Bulk Edit row, by name (the spec's unpaged answer). */
export async function listBulkEditRows(db: Db): Promise<BulkEditRow[]> {
  return (await bulkEditSelect(db).orderBy(asc(locations.name))).map(toBulkEditRow)
}

const BULK_EDIT_LIST: ListColumns<BulkEditSort> = {
  sorts: {
    name: locations.name,
    location_code: locations.location_code,
    city: locations.city,
    state: locations.state,
    reservation_window: locations.reservation_window,
  },
  key: locations.id,
  defaultOrder: [asc(locations.name)],
  search: ADMIN_LOCATIONS_LIST.search,
  defaultLimit: BULK_EDIT_PAGE_SIZE,
}

export async function listBulkEditPage(db: Db, query: ListQueryOf<BulkEditSort>): Promise<RecordsPage<BulkEditRow>> {
  const where = listSearch(BULK_EDIT_LIST, query.q)
  const { limit, offset } = listWindow(BULK_EDIT_LIST, query)
  const [rows, count] = await Promise.all([
    bulkEditSelect(db)
      .where(where)
      .orderBy(...listOrderBy(BULK_EDIT_LIST, query))
      .limit(limit)
      .offset(offset),
    countRows(db, locations, where),
  ])
  return { rows: rows.map(toBulkEditRow), count }
}

type BulkContent = Pick<BulkEditRow, (typeof BULK_CONTENT_FIELDS)[number]>

function pickBulkContent(content: BulkContent): BulkContent {
  return Object.fromEntries(BULK_CONTENT_FIELDS.map((field) => [field, content[field]])) as BulkContent
}

const blankBulkContent: BulkContent = {
  unit_size_high_to_low: false,
  unit_group_large_to_small: false,
  recommended_unit: false,
  unit_groups_expanded: false,
  fee_for_24hr_access: false,
  title: '',
  meta_title: '',
  meta_description: '',
  access_hours: '',
  customer_service_hours: '',
}

/** 'Update All Pages' in one transaction; an unknown or repeated location_code refuses all of it (400). */
export async function saveBulkEdit(
  db: Db,
  input: z.output<typeof BulkEditInput>,
  actor: AdminSession,
): Promise<BulkEditResult> {
  const codes = input.rows.map((row) => row.location_code)
  const repeated = codes.find((code, index) => codes.indexOf(code) !== index)
  if (repeated) throw badRequest(`Location ${repeated} appears twice.`, 'rows')
  return db.transaction(async (tx) => {
    const known = await tx
      .select({ location_code: locations.location_code, reservation_window: locations.reservation_window })
      .from(locations)
      .where(inArray(locations.location_code, codes))
    const unknown = codes.find((code) => !known.some((row) => row.location_code === code))
    if (unknown) throw badRequest(`${LOCATION_MESSAGES.invalidLocationCode} (${unknown})`, 'location_code')
    const before = await tx.select().from(locationContents).where(inArray(locationContents.location_code, codes))
    const now = new Date()
    for (const row of input.rows) {
      const { location_code, reservation_window, ...content } = row
      await tx
        .update(locations)
        .set({ reservation_window, updatedAt: now })
        .where(eq(locations.location_code, location_code))
      await tx
        .insert(locationContents)
        .values({ location_code, ...content, updatedAt: now })
        .onConflictDoUpdate({ target: locationContents.location_code, set: { ...content, updatedAt: now } })
    }
    await recordAudit(
      tx,
      actor,
      'bulk-update',
      'location_content',
      null,
      {
        locations: known,
        contents: before.map((content) => ({ location_code: content.location_code, ...pickBulkContent(content) })),
      },
      { rows: input.rows },
    )
    return { message: LOCATION_MESSAGES.bulkSaved, updated: input.rows.length }
  })
}
