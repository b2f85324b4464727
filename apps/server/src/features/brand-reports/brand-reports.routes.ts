import type {} from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
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
import { HttpError, badRequest } from '../../lib/http-error.ts'
import type { UploadedPhoto } from '../../integrations/files/photos.ts'
import {
  createBrandsReport,
  getBrandsReport,
  listBrandStandards,
  listFacilityBrandsReports,
} from './brand-reports.service.ts'

const FIELD_TOOL = { pages: ['/snapshot'] } as const

const photosOf = new WeakMap<FastifyRequest, Map<number, UploadedPhoto[]>>()

/** Fields become the body, files are grouped by standard; 413 over the photo limits, 400 for another file name or JSON. */
async function readMultipartReport(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart())
    throw new HttpError(415, 'unsupported_media_type', 'Send the report as multipart/form-data with photos.')
  const fields: Record<string, string> = {}
  const photos = new Map<number, UploadedPhoto[]>()
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: BRANDS_REPORT_PHOTOS_MAX, fields: 10, fieldSize: 16_384 },
    })) {
      if (part.type === 'file') {
        const match = BRAND_STANDARD_FIELD.exec(part.fieldname)
        if (!match) {
          await part.toBuffer()
          throw badRequest(
            `Unexpected file field ${part.fieldname}; photos go under brand_standard_{id}.`,
            part.fieldname,
          )
        }
        const id = Number(match[1])
        const list = photos.get(id) ?? []
        if (list.length >= BRANDS_PHOTOS_PER_STANDARD_MAX) {
          throw new HttpError(
            413,
            'payload_too_large',
            `At most ${BRANDS_PHOTOS_PER_STANDARD_MAX} photos go with one brand standard.`,
            part.fieldname,
          )
        }
        list.push({ filename: part.filename, data: await part.toBuffer() })
        photos.set(id, list)
      } else {
        fields[part.fieldname] = String(part.value)
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(
        413,
        'payload_too_large',
        `Each photo may be at most ${Math.floor(maxBytes / 1024 / 1024)} MB.`,
        'photos',
      )
    }
    if (code === 'FST_FILES_LIMIT')
      throw new HttpError(
        413,
        'payload_too_large',
        `At most ${BRANDS_REPORT_PHOTOS_MAX} photos go with one report.`,
        'photos',
      )
    throw error
  }
  request.body = fields
  photosOf.set(request, photos)
}

export function registerBrandReportRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get(
    '/api/brands_reports/brand_standards',
    {
      config: { access: FIELD_TOOL },
      schema: {
        tags: ['brands_reports'],
        summary: 'The active brand-standards checklist in walking order (issue 6)',
        response: { 200: BrandStandardList },
      },
    },
    async () => listBrandStandards(app.db),
  )

  api.get(
    '/api/brands_reports/facility_brands_reports/:location_id',
    {
      config: { access: FIELD_TOOL },
      schema: {
        tags: ['brands_reports'],
        summary: "A facility's brand-standards reports, newest first, by location id (spec §2, §7)",
        params: LocationIdParams,
        response: { 200: FacilityBrandsReports, 404: ErrorBody },
      },
    },
    async (request) => listFacilityBrandsReports(app.db, request.params.location_id),
  )

  api.get(
    '/api/brands_reports/:id',
    {
      config: { access: FIELD_TOOL },
      schema: {
        tags: ['brands_reports'],
        summary: 'One brand-standards report with photos grouped by brand standard (spec §2, §7)',
        params: BrandsReportIdParams,
        response: { 200: BrandsReport, 404: ErrorBody },
      },
    },
    async (request) => getBrandsReport(app.db, app.files, request.params.id),
  )

  api.post(
    '/api/brands_reports',
    {
      config: { access: FIELD_TOOL },
      preValidation: async (request) => readMultipartReport(request, app.env.BRANDS_PHOTO_MAX_BYTES),
      schema: {
        tags: ['brands_reports'],
        summary:
          'Submit a brand-standards inspection: multipart/form-data with location_code, notes, and photo files under brand_standard_{id} (issue 6). ' +
          'Photos are checked by content (JPEG, PNG, HEIC; 415), at most BRANDS_PHOTO_MAX_BYTES each, 5 per standard and 60 in all (413). ' +
          "Standards without photos need notes (422); a report covering every standard is completed and becomes the facility's last full walkthrough.",
        consumes: ['multipart/form-data'],
        body: CreateBrandsReportInput,
        response: { 201: BrandsReport, 400: ErrorBody, 404: ErrorBody, 413: ErrorBody, 415: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const report = await createBrandsReport(
        app.db,
        app.files,
        request.body,
        photosOf.get(request) ?? new Map<number, UploadedPhoto[]>(),
        request.session!,
      )
      return reply.code(201).send(report)
    },
  )
}
