import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  BrandStandardList,
  BrandsReport,
  BrandsReportIdParams,
  CreateBrandsReportInput,
  FacilityBrandsReports,
  LocationIdParams,
} from '@storageops/contracts/brand-reports'
import {
  BRAND_STANDARD_FIELD,
  BRANDS_PHOTOS_PER_STANDARD_MAX,
  BRANDS_REPORT_PHOTOS_MAX,
} from '@storageops/contracts/brand-report-rules'
import { ErrorBody } from '@storageops/contracts/errors'
import { areaRoutes } from '../../lib/area-routes.ts'
import type { Db } from '../../db/client.ts'
import { unprocessable } from '../../lib/http-error.ts'
import { sendCachedRead } from '../../lib/read-cache.ts'
import type { MultipartRule, ReceivedFile } from '../../lib/multipart.ts'
import { PHOTO_KINDS, notAPhotoMessage, type UploadedPhoto } from '../../integrations/files/photos.ts'
import {
  createBrandsReport,
  getBrandsReport,
  listBrandStandards,
  listFacilityBrandsReports,
} from './brand-reports.service.ts'

const FIELD_TOOL = { pages: ['/snapshot'] } as const

/** Names of the active brand standards by id, loaded once per submit when its first photo arrives. */
const standardsOf = new WeakMap<FastifyRequest, Map<number, string>>()

/** A submit: CreateBrandsReportInput plus photos per active `brand_standard_{id}` (else 422), ≤ 5 each, 60 in all (413). */
const reportUpload = (db: Db, maxBytes: number): MultipartRule => ({
  fields: Object.keys(CreateBrandsReportInput.shape),
  files: [
    {
      name: BRAND_STANDARD_FIELD,
      kinds: PHOTO_KINDS,
      maxCount: BRANDS_PHOTOS_PER_STANDARD_MAX,
      async accept(field, request) {
        let standards = standardsOf.get(request)
        if (!standards) {
          standards = new Map((await listBrandStandards(db)).map((standard) => [standard.id, standard.name]))
          standardsOf.set(request, standards)
        }
        const id = Number(BRAND_STANDARD_FIELD.exec(field)![1])
        if (!standards.has(id)) throw unprocessable(`Brand standard ${id} is not on the checklist.`, field)
      },
    },
  ],
  maxFiles: BRANDS_REPORT_PHOTOS_MAX,
  maxFileBytes: maxBytes,
  limitField: 'photos',
  required: true,
  messages: {
    fileTooLarge: `Each photo may be at most ${Math.floor(maxBytes / 1024 / 1024)} MB.`,
    tooManyFiles: `At most ${BRANDS_REPORT_PHOTOS_MAX} photos go with one report (${BRANDS_PHOTOS_PER_STANDARD_MAX} per brand standard).`,
    unsupported: (filename, field, request) => {
      const name = standardsOf.get(request)?.get(Number(BRAND_STANDARD_FIELD.exec(field)?.[1]))
      return `${name ? `${name}: ` : ''}${notAPhotoMessage(filename)}`
    },
    notMultipart: 'Send the report as multipart/form-data with photos.',
  },
})

function photosByStandard(uploads: readonly ReceivedFile[]): Map<number, UploadedPhoto[]> {
  const photos = new Map<number, UploadedPhoto[]>()
  for (const upload of uploads) {
    const id = Number(BRAND_STANDARD_FIELD.exec(upload.field)![1])
    photos.set(id, [...(photos.get(id) ?? []), upload])
  }
  return photos
}

export function registerBrandReportRoutes(app: FastifyInstance) {
  const routes = areaRoutes(app, { access: FIELD_TOOL, tag: 'brands_reports' })

  routes.get(
    '/api/brands_reports/brand_standards',
    {
      summary: 'The active brand-standards checklist in walking order (issue 6)',
      response: { 200: BrandStandardList },
    },
    async () => listBrandStandards(app.db),
  )

  routes.get(
    '/api/brands_reports/facility_brands_reports/:location_id',
    {
      summary: "A facility's brand-standards reports, newest first, by location id (spec §2, §7)",
      params: LocationIdParams,
      response: { 200: FacilityBrandsReports, 404: ErrorBody },
    },
    // From memory while exact (read-cache.ts): reports, their standards and photos, and locations move the counter.
    async (request, reply) =>
      sendCachedRead(
        app,
        request,
        reply,
        `facility-reports:${request.params.location_id}`,
        FacilityBrandsReports,
        async () => ({
          body: await listFacilityBrandsReports(app.db, request.params.location_id),
          validUntil: Number.POSITIVE_INFINITY,
        }),
        { cacheControl: 'no-store' },
      ),
  )

  routes.get(
    '/api/brands_reports/:id',
    {
      summary: 'One brand-standards report with photos grouped by brand standard (spec §2, §7)',
      params: BrandsReportIdParams,
      response: { 200: BrandsReport, 404: ErrorBody },
    },
    // From memory while exact (read-cache.ts).
    async (request, reply) =>
      sendCachedRead(
        app,
        request,
        reply,
        `brands-report:${request.params.id}`,
        BrandsReport,
        async () => ({
          body: await getBrandsReport(app.db, app.files, request.params.id),
          validUntil: Number.POSITIVE_INFINITY,
        }),
        { cacheControl: 'no-store' },
      ),
  )

  routes.post(
    '/api/brands_reports',
    {
      config: { multipart: reportUpload(app.db, app.env.BRANDS_PHOTO_MAX_BYTES) },
      summary:
        'Submit a brand-standards inspection: multipart/form-data with location_code, notes, and photo files under brand_standard_{id} (issue 6). ' +
        'Photos are checked by content (JPEG, PNG, HEIC; 415), at most BRANDS_PHOTO_MAX_BYTES each, 5 per standard and 60 in all (413). ' +
        "Standards without photos need notes (422); a report covering every standard is completed and becomes the facility's last full walkthrough.",
      consumes: ['multipart/form-data'],
      body: CreateBrandsReportInput,
      response: { 201: BrandsReport, 400: ErrorBody, 404: ErrorBody, 413: ErrorBody, 415: ErrorBody, 422: ErrorBody },
    },
    async (request, reply) => {
      const report = await createBrandsReport(
        app.db,
        app.files,
        request.body,
        photosByStandard(request.uploads),
        request.session!,
        request.actedAt,
      )
      return reply.code(201).send(report)
    },
  )
}
