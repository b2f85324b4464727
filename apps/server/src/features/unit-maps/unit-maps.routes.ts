import type { FastifyInstance } from 'fastify'
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
import { badRequest } from '../../lib/http-error.ts'
import { readUpload, type MultipartRule } from '../../lib/multipart.ts'
import { SaveWalkOrderInput, WalkOrder } from '@storageops/contracts/walkthroughs'
import { listUnitStatuses, replaceUnitsFromCsv, saveSystemUnits } from './unit-maps.service.ts'
import { getWalkOrder, saveWalkOrder } from './walk-order.service.ts'

/** One facility-map CSV under any file field; its content is checked by assertCsvFile (415 with the reason). */
const csvUpload = (maxBytes: number): MultipartRule => ({
  fields: [],
  files: [{ name: /^[\w.-]{1,100}$/, kinds: ['any'] }],
  maxFiles: 1,
  maxFileBytes: maxBytes,
  maxTotalBytes: maxBytes + 16 * 1024,
  required: true,
  messages: {
    fileTooLarge: `The CSV file may be at most ${(maxBytes / 1024 / 1024).toFixed(maxBytes % (1024 * 1024) === 0 ? 0 : 1)} MB.`,
    tooManyFiles: 'Upload one CSV file at a time.',
    unsupported: () => 'Only .csv files are accepted.',
    notMultipart: 'Send the CSV as multipart/form-data with one file.',
  },
})

/** GET /api/location_units itself is registered by the facilities area. */
export function registerUnitMapRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const maxBytes = app.env.UNIT_MAP_CSV_MAX_BYTES

  api.post(
    '/api/location_units/upload',
    {
      config: { access: { pages: ['/locations'] }, multipart: csvUpload(maxBytes) },
      schema: {
        tags: ['unit-maps'],
        summary:
          "Replace a facility's units with a facility-map CSV (multipart, one file); any bad row refuses the whole file with the rows listed; dry_run=true only checks and counts (spec: admin-console-part-1 §5, §7)",
        querystring: UploadQuery,
        response: { 200: UploadResult, 400: CsvErrorBody, 404: ErrorBody, 413: ErrorBody, 415: ErrorBody },
      },
    },
    async (request) => {
      const [upload] = request.uploads
      if (!upload) throw badRequest('Choose a CSV file to upload.', 'file')
      const file = { filename: upload.filename, data: await readUpload(upload) }
      return replaceUnitsFromCsv(app.db, request.query.location_code, file, request.session!, {
        dryRun: request.query.dry_run,
      })
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
    '/api/location_units/walk_order',
    {
      config: { access: { pages: ['/snapshot', '/locations'] } },
      schema: {
        tags: ['unit-maps'],
        summary:
          "A facility's storage units in walk order: the saved order, then the default (floor, building/aisle letter, number) (issue 31)",
        querystring: LocationCodeQuery,
        response: { 200: WalkOrder, 404: ErrorBody },
      },
    },
    async (request) => getWalkOrder(app.db, request.query.location_code),
  )

  api.put(
    '/api/location_units/walk_order',
    {
      config: { access: { pages: ['/locations'] } },
      schema: {
        tags: ['unit-maps'],
        summary:
          "Save a facility's walk order (map editor): unit numbers in the order walked, each once; units left out follow in the default order, an empty list restores it (issue 31)",
        body: SaveWalkOrderInput,
        response: { 200: WalkOrder, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => saveWalkOrder(app.db, request.body, request.session!),
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
