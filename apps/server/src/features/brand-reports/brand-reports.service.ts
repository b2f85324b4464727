import { asc, count, desc, eq, inArray } from 'drizzle-orm'
import type {
  BrandStandard,
  BrandsReport,
  BrandsReportSummary,
  CreateBrandsReportInput,
  FacilityBrandsReports,
} from '@storageops/contracts/brand-reports'
import { BRANDS_TEXT, missingStandards, missingStandardsNoteText } from '@storageops/contracts/brand-report-rules'
import type { Db } from '../../db/client.ts'
import {
  brandStandardAttachments,
  brandStandardReports,
  brandStandards,
  brandsReports,
  locations,
} from '../../db/schema.ts'
import type { FileStorage } from '../../integrations/files/storage.ts'
import { HttpError, notFound, unprocessable } from '../../lib/http-error.ts'
import { recordAudit } from '../../lib/audit.ts'
import type { Session } from '../../lib/session.ts'
import {
  checkPhotos,
  removePhotos,
  storePhotos,
  type StoredPhoto,
  type UploadedPhoto,
} from '../../integrations/files/photos.ts'

export async function listBrandStandards(db: Db): Promise<BrandStandard[]> {
  return db
    .select({ id: brandStandards.id, name: brandStandards.name, description: brandStandards.description })
    .from(brandStandards)
    .where(eq(brandStandards.active, true))
    .orderBy(asc(brandStandards.sort_order), asc(brandStandards.id))
}

const locationColumns = { id: locations.id, name: locations.name, location_code: locations.location_code }

const summaryColumns = {
  id: brandsReports.id,
  report_submit_at: brandsReports.report_submit_at,
  report_submit_by: brandsReports.report_submit_by,
  notes: brandsReports.notes,
  completed: brandsReports.completed,
  missing_standards: brandsReports.missing_standards,
}

function toSummary(
  row: {
    id: number
    report_submit_at: Date
    report_submit_by: string
    notes: string | null
    completed: boolean
    missing_standards: string[] | null
  },
  photos: number,
): BrandsReportSummary {
  return {
    id: row.id,
    report_submit_at: row.report_submit_at.toISOString(),
    report_submit_by: { full_name: row.report_submit_by },
    photos_count: photos,
    notes: row.notes,
    completed: row.completed,
    missing_standards: row.missing_standards ?? [],
  }
}

async function photoCounts(db: Db, reportIds: number[]): Promise<Map<number, number>> {
  if (reportIds.length === 0) return new Map()
  const rows = await db
    .select({ report_id: brandStandardReports.brands_report_id, photos: count(brandStandardAttachments.id) })
    .from(brandStandardReports)
    .innerJoin(brandStandardAttachments, eq(brandStandardAttachments.brand_standard_report_id, brandStandardReports.id))
    .where(inArray(brandStandardReports.brands_report_id, reportIds))
    .groupBy(brandStandardReports.brands_report_id)
  return new Map(rows.map((row) => [row.report_id, row.photos]))
}

/** Newest first; 404 for an unknown location id. */
export async function listFacilityBrandsReports(db: Db, locationId: number): Promise<FacilityBrandsReports> {
  const [location] = await db.select(locationColumns).from(locations).where(eq(locations.id, locationId))
  if (!location) throw notFound(`Location ${locationId} does not exist.`, 'location_id')
  const rows = await db
    .select(summaryColumns)
    .from(brandsReports)
    .where(eq(brandsReports.location_code, location.location_code))
    .orderBy(desc(brandsReports.report_submit_at), desc(brandsReports.id))
  const photos = await photoCounts(
    db,
    rows.map((row) => row.id),
  )
  return { location, entries: rows.map((row) => toSummary(row, photos.get(row.id) ?? 0)) }
}

/** Photos grouped by standard in checklist order; 404 when unknown. */
export async function getBrandsReport(db: Db, files: FileStorage, id: number): Promise<BrandsReport> {
  const [row] = await db
    .select({ ...summaryColumns, location: locationColumns })
    .from(brandsReports)
    .innerJoin(locations, eq(locations.location_code, brandsReports.location_code))
    .where(eq(brandsReports.id, id))
  if (!row) throw notFound(`Brands report ${id} does not exist.`, 'id')
  const standards = await db
    .select({
      id: brandStandardReports.id,
      standard_id: brandStandards.id,
      name: brandStandards.name,
      attachment_id: brandStandardAttachments.id,
      file_name: brandStandardAttachments.file_name,
      thumbnail_name: brandStandardAttachments.thumbnail_name,
    })
    .from(brandStandardReports)
    .innerJoin(brandStandards, eq(brandStandards.id, brandStandardReports.brand_standard_id))
    .leftJoin(brandStandardAttachments, eq(brandStandardAttachments.brand_standard_report_id, brandStandardReports.id))
    .where(eq(brandStandardReports.brands_report_id, id))
    .orderBy(asc(brandStandards.sort_order), asc(brandStandards.id), asc(brandStandardAttachments.id))
  const groups = new Map<number, BrandsReport['brand_standard_reports'][number]>()
  let photos = 0
  for (const entry of standards) {
    let group = groups.get(entry.id)
    if (!group) {
      group = { id: entry.id, brand_standard: { id: entry.standard_id, name: entry.name }, attachments: [] }
      groups.set(entry.id, group)
    }
    if (entry.attachment_id !== null && entry.file_name !== null) {
      photos++
      group.attachments.push({
        id: entry.attachment_id,
        url: files.url(entry.file_name),
        thumbnail_url: entry.thumbnail_name ? files.url(entry.thumbnail_name) : null,
      })
    }
  }
  const { location, ...summary } = row
  return { ...toSummary(summary, photos), location, brand_standard_reports: [...groups.values()] }
}

function submitterOf(session: Session): { full_name: string; username: string } {
  if (session.kind === 'field') return { full_name: session.user.full_name, username: session.user.username }
  return {
    full_name: `${session.user.firstName} ${session.user.lastName}`.trim() || session.user.email,
    username: session.user.email,
  }
}

/** Submits an inspection (issue 6). Errors: 404 facility; 422 inactive standard, no photo, or gaps without notes; 415. */
export async function createBrandsReport(
  db: Db,
  files: FileStorage,
  input: CreateBrandsReportInput,
  photosByStandard: Map<number, UploadedPhoto[]>,
  session: Session,
  actedAt: Date | null = null,
): Promise<BrandsReport> {
  const [location] = await db
    .select(locationColumns)
    .from(locations)
    .where(eq(locations.location_code, input.location_code))
  if (!location) throw notFound('Location code is not valid.', 'location_code')
  const checklist = await listBrandStandards(db)
  const known = new Set(checklist.map((standard) => standard.id))
  for (const standardId of photosByStandard.keys()) {
    if (!known.has(standardId))
      throw unprocessable(`Brand standard ${standardId} is not on the checklist.`, `brand_standard_${standardId}`)
  }
  const covered = [...photosByStandard.entries()]
    .filter(([, photos]) => photos.length > 0)
    .map(([standardId]) => standardId)
  if (covered.length === 0) throw unprocessable(BRANDS_TEXT.atLeastOnePhoto, 'photos')
  const missing = missingStandards(checklist, covered)
  const notes = input.notes?.trim() ? input.notes.trim() : null
  if (missing.length > 0 && !notes)
    throw unprocessable(missingStandardsNoteText(missing.map((standard) => standard.name)), 'notes')

  // Content check first, per standard, so a refusal names the standard at fault.
  const checked = new Map<number, Awaited<ReturnType<typeof checkPhotos>>>()
  for (const standard of checklist) {
    const photos = photosByStandard.get(standard.id)
    if (!photos?.length) continue
    try {
      checked.set(standard.id, await checkPhotos(photos))
    } catch (error) {
      if (error instanceof HttpError)
        throw new HttpError(
          error.statusCode,
          error.code,
          `${standard.name}: ${error.message}`,
          `brand_standard_${standard.id}`,
        )
      throw error
    }
  }
  const stored = new Map<number, StoredPhoto[]>()
  try {
    for (const [standardId, photos] of checked) {
      try {
        stored.set(standardId, await storePhotos(files, photos, 'brands'))
      } catch (error) {
        const name = checklist.find((standard) => standard.id === standardId)!.name
        if (error instanceof HttpError)
          throw new HttpError(error.statusCode, error.code, `${name}: ${error.message}`, `brand_standard_${standardId}`)
        throw error
      }
    }
    const submitter = submitterOf(session)
    const reportId = await db.transaction(async (tx) => {
      const [report] = await tx
        .insert(brandsReports)
        .values({
          location_code: location.location_code,
          report_submit_by: submitter.full_name,
          report_submit_username: submitter.username,
          notes,
          completed: missing.length === 0,
          missing_standards: missing.map((standard) => standard.name),
          acted_at: actedAt,
        })
        .returning()
      for (const [standardId, photos] of stored) {
        const [standardReport] = await tx
          .insert(brandStandardReports)
          .values({ brands_report_id: report!.id, brand_standard_id: standardId })
          .returning()
        await tx
          .insert(brandStandardAttachments)
          .values(photos.map((photo) => ({ brand_standard_report_id: standardReport!.id, ...photo })))
      }
      await recordAudit(
        tx,
        session,
        'create',
        'brands_report',
        report!.id,
        null,
        {
          ...report,
          brand_standards: [...stored.entries()].map(([standardId, photos]) => ({
            brand_standard_id: standardId,
            files: photos.map((photo) => photo.file_name),
          })),
        },
        actedAt,
      )
      return report!.id
    })
    return await getBrandsReport(db, files, reportId)
  } catch (error) {
    await Promise.all([...stored.values()].map((photos) => removePhotos(files, photos)))
    throw error
  }
}
