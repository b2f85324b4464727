import type { FastifyInstance } from 'fastify'
import { ErrorBody } from '@storageops/contracts/errors'
import {
  LocationContent,
  LocationContentInput,
  MAX_CONTENT_PHOTO_BYTES,
  UploadedContentPhoto,
} from '@storageops/contracts/location-content'
import { LocationCodeParams } from '@storageops/contracts/locations'
import { adminSessionOf } from '../../lib/admin-session.ts'
import { areaRoutes } from '../../lib/area-routes.ts'
import { badRequest } from '../../lib/http-error.ts'
import type { MultipartRule } from '../../lib/multipart.ts'
import { getLocationContent, saveLocationContent, uploadContentPhoto } from './location-contents.service.ts'

/** One website photo under `file`: JPEG or PNG by content, at most 10 MB. */
const contentPhotoUpload: MultipartRule = {
  fields: [],
  files: [{ name: 'file', kinds: ['jpeg', 'png'] }],
  maxFiles: 1,
  maxFileBytes: MAX_CONTENT_PHOTO_BYTES,
  required: true,
  messages: {
    fileTooLarge: `A photo may be at most ${MAX_CONTENT_PHOTO_BYTES / 1024 / 1024} MB.`,
    tooManyFiles: 'Send one photo at a time.',
    unsupported: (filename) =>
      `${filename || 'The file'} is not a JPEG or PNG photo; website photos must be JPEG or PNG.`,
    notMultipart: 'Send the photo as multipart/form-data in the field file.',
  },
}

/** Location CMS content (spec: admin-console-part-1 §2 cms_edit, §7 "Location contents"), for roles allowed /locations. */
export function registerLocationContentRoutes(app: FastifyInstance) {
  const access = { pages: ['/locations'] } as const
  const routes = areaRoutes(app, { access, tag: 'locations' })

  routes.get(
    '/api/location_contents/:location_code',
    {
      summary: "CMS content of a location (blank when none saved); 404 'Location code is not valid.'",
      params: LocationCodeParams,
      response: { 200: LocationContent, 404: ErrorBody },
    },
    async (request) => getLocationContent(app.db, request.params.location_code),
  )

  routes.put(
    '/api/location_contents/:location_code',
    {
      summary: 'Saves the CMS content fields; photo_texts pair with photos; photos must be uploaded for this location',
      params: LocationCodeParams,
      body: LocationContentInput,
      response: { 200: LocationContent, 400: ErrorBody, 404: ErrorBody },
    },
    async (request) =>
      saveLocationContent(app.db, app.files, request.params.location_code, request.body, adminSessionOf(request)),
  )

  routes.post(
    '/api/location_contents/:location_code/photos',
    {
      config: { multipart: contentPhotoUpload },
      summary:
        'Uploads one content photo (multipart field `file`, JPEG or PNG by content, at most 10 MB); saved into the content by the next PUT',
      params: LocationCodeParams,
      response: { 201: UploadedContentPhoto, 400: ErrorBody, 404: ErrorBody, 413: ErrorBody, 415: ErrorBody },
    },
    async (request, reply) => {
      adminSessionOf(request)
      const [file] = request.uploads
      if (!file) throw badRequest('Send the photo in the field file.', 'file')
      return reply.code(201).send(await uploadContentPhoto(app.db, app.files, request.params.location_code, file))
    },
  )
}
