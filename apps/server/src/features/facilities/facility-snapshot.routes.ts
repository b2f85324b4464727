import type {} from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ErrorBody } from '@storageops/contracts/errors'
import { SaveFacilitySnapshotInput, SavedFacilitySnapshot } from '@storageops/contracts/facilities'
import { PROPERTY_MAP_MAX_BYTES } from '@storageops/contracts/facilities-fields'
import { HttpError } from '../../lib/http-error.ts'
import { saveFacilitySnapshot, type UploadedPropertyMap } from './facility-snapshot.service.ts'

const uploadOf = new WeakMap<FastifyRequest, UploadedPropertyMap>()

/** Fields become the body, `upload_file` the property map; 413 over PROPERTY_MAP_MAX_BYTES or for a second file. */
async function readMultipartSnapshot(request: FastifyRequest) {
  if (!request.isMultipart()) return
  const fields: Record<string, string> = {}
  try {
    for await (const part of request.parts({
      limits: { fileSize: PROPERTY_MAP_MAX_BYTES, files: 1, fields: 80, fieldSize: 16_384 },
    })) {
      if (part.type === 'file') {
        const data = await part.toBuffer()
        if (part.fieldname === 'upload_file' && data.length > 0)
          uploadOf.set(request, { filename: part.filename, data })
      } else {
        fields[part.fieldname] = String(part.value)
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(
        413,
        'payload_too_large',
        `The property map may be at most ${PROPERTY_MAP_MAX_BYTES / 1024 / 1024} MB.`,
        'upload_file',
      )
    if (code === 'FST_FILES_LIMIT')
      throw new HttpError(413, 'payload_too_large', 'Send one property map image at a time.', 'upload_file')
    throw error
  }
  request.body = fields
}

export function registerFacilitySnapshotRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.post(
    '/api/snapshot_locations',
    {
      // Admin console only: field-tool users read facility details but never change them.
      config: { access: { pages: ['/snapshot'], fieldTool: false } },
      preValidation: async (request) => readMultipartSnapshot(request),
      bodyLimit: PROPERTY_MAP_MAX_BYTES + 1024 * 1024,
      schema: {
        tags: ['facilities'],
        summary:
          'Save a facility snapshot: JSON, or multipart/form-data with the same fields plus the property map `upload_file` (spec: admin-console-part-2 §2, §7)',
        body: SaveFacilitySnapshotInput,
        response: { 200: SavedFacilitySnapshot, 400: ErrorBody, 404: ErrorBody, 413: ErrorBody, 415: ErrorBody },
      },
    },
    async (request) =>
      saveFacilitySnapshot(app.db, app.files, request.body, request.session!, {
        upload: uploadOf.get(request),
        publicSiteUrl: app.env.PUBLIC_SITE_URL,
      }),
  )
}
