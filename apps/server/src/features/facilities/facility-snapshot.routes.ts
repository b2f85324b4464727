import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ErrorBody } from '@storageops/contracts/errors'
import { SaveFacilitySnapshotInput, SavedFacilitySnapshot } from '@storageops/contracts/facilities'
import { PROPERTY_MAP_MAX_BYTES } from '@storageops/contracts/facilities-fields'
import type { MultipartRule } from '../../lib/multipart.ts'
import { propertyMapRefusal, saveFacilitySnapshot } from './facility-snapshot.service.ts'

/** A multipart save: SaveFacilitySnapshotInput's fields plus the property map `upload_file` (PNG, JPEG or WebP). */
const snapshotUpload: MultipartRule = {
  fields: Object.keys(SaveFacilitySnapshotInput.shape),
  files: [{ name: 'upload_file', kinds: ['png', 'jpeg', 'webp'] }],
  maxFiles: 1,
  maxFileBytes: PROPERTY_MAP_MAX_BYTES,
  messages: {
    fileTooLarge: `The property map may be at most ${PROPERTY_MAP_MAX_BYTES / 1024 / 1024} MB.`,
    tooManyFiles: 'Send one property map image at a time.',
    unsupported: propertyMapRefusal,
  },
}

export function registerFacilitySnapshotRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.post(
    '/api/snapshot_locations',
    {
      // Admin console only: field-tool users read facility details but never change them.
      config: { access: { pages: ['/snapshot'], fieldTool: false }, multipart: snapshotUpload },
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
        upload: request.uploads[0],
        publicSiteUrl: app.env.PUBLIC_SITE_URL,
      }),
  )
}
