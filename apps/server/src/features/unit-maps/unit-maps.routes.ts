import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorBody } from '@storageops/contracts/errors'
import { LocationCodeQuery } from '@storageops/contracts/facilities'
import {
  CsvErrorBody,
  LocationUnit,
  SaveSystemUnitsInput,
  UnitStatusList,
  UploadQuery,
  UploadResult,
} from '@storageops/contracts/unit-maps'
import { HttpError } from '../../lib/http-error.ts'
import { listUnitStatuses, replaceUnitsFromCsv, saveSystemUnits } from './unit-maps.service.ts'

/** Room for the multipart envelope around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024

const tooLarge = (maxBytes: number) =>
  new HttpError(
    413,
    'payload_too_large',
    `The CSV file may be at most ${(maxBytes / 1024 / 1024).toFixed(maxBytes % (1024 * 1024) === 0 ? 0 : 1)} MB.`,
    'file',
  )

/** 413 past maxBytes (at once for a larger Content-Length); 415 not multipart; 400 no file or several. */
async function readOneFile(request: FastifyRequest, maxBytes: number): Promise<{ filename: string; data: Buffer }> {
  if (!request.isMultipart())
    throw new HttpError(415, 'unsupported_media_type', 'Send the CSV as multipart/form-data with one file.', 'file')
  let file: { filename: string; data: Buffer } | undefined
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024 } })) {
      if (part.type === 'file') file = { filename: part.filename, data: await part.toBuffer() }
    }
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes)
    if (code === 'FST_FILES_LIMIT') throw new HttpError(400, 'invalid_input', 'Upload one CSV file at a time.', 'file')
    throw error
  }
  if (!file) throw new HttpError(400, 'invalid_input', 'Choose a CSV file to upload.', 'file')
  return file
}

/** GET /api/location_units itself is registered by the facilities area. */
export function registerUnitMapRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const maxBytes = app.env.UNIT_MAP_CSV_MAX_BYTES

  api.post(
    '/api/location_units/upload',
    {
      config: { access: { pages: ['/locations'] } },
      onRequest: async (request) => {
        const declared = Number(request.headers['content-length'] ?? 0)
        if (declared > maxBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge(maxBytes)
      },
      schema: {
        tags: ['unit-maps'],
        summary:
          "Replace a facility's units with a facility-map CSV (multipart, one file); any bad row refuses the whole file with the rows listed (spec: admin-console-part-1 §5, §7)",
        querystring: UploadQuery,
        response: { 200: UploadResult, 400: CsvErrorBody, 404: ErrorBody, 413: ErrorBody, 415: ErrorBody },
      },
    },
    async (request) => {
      const file = await readOneFile(request, maxBytes)
      return replaceUnitsFromCsv(app.db, request.query.location_code, file, request.session!)
    },
  )

  api.post(
    '/api/location_units',
    {
      config: { access: { pages: ['/locations'] } },
      schema: {
        tags: ['unit-maps'],
        summary:
          'Save the Gate and/or Rental Center of a facility as floor-1 system units: position, rotation 0–360, size 1–999 (spec: admin-console-part-1 §5, §7)',
        body: SaveSystemUnitsInput,
        response: { 200: z.array(LocationUnit), 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => saveSystemUnits(app.db, request.body, request.session!),
  )

  api.get(
    '/api/location_units/statuses',
    {
      config: { access: { pages: ['/snapshot', '/locations'] } },
      schema: {
        tags: ['unit-maps'],
        summary:
          'Rented / Vacant / Reserved / Unrentable per unit number, from the storage-management system (GetAllUnits); 502 when it fails',
        querystring: LocationCodeQuery,
        response: { 200: UnitStatusList, 404: ErrorBody, 502: ErrorBody },
      },
    },
    async (request) => listUnitStatuses(app.db, app.ssm, request.query.location_code),
  )
}
