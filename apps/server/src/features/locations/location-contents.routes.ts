import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type {} from '@fastify/multipart'
import { ErrorBody } from '@storageops/contracts/errors'
import {
  LocationContent,
  LocationContentInput,
  MAX_CONTENT_PHOTO_BYTES,
  UploadedContentPhoto,
} from '@storageops/contracts/location-content'
import { LocationCodeParams } from '@storageops/contracts/locations'
import { adminSessionOf } from '../../lib/admin-session.ts'
import { badRequest, HttpError } from '../../lib/http-error.ts'
import { getLocationContent, saveLocationContent, uploadContentPhoto } from './location-contents.service.ts'

export function registerLocationContentRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const access = { pages: ['/locations'] } as const

  api.get(
    '/api/location_contents/:location_code',
    {
      config: { access },
      schema: {
        tags: ['locations'],
        summary: "CMS content of a location (blank when none saved); 404 'Location code is not valid.'",
        params: LocationCodeParams,
        response: { 200: LocationContent, 404: ErrorBody },
      },
    },
    async (request) => getLocationContent(app.db, request.params.location_code),
  )

  api.put(
    '/api/location_contents/:location_code',
    {
      config: { access },
      schema: {
        tags: ['locations'],
        summary:
          'Saves the CMS content fields; photo_texts pair with photos; photos must be uploaded for this location',
        params: LocationCodeParams,
        body: LocationContentInput,
        response: { 200: LocationContent, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) =>
      saveLocationContent(app.db, app.files, request.params.location_code, request.body, adminSessionOf(request)),
  )

  api.post(
    '/api/location_contents/:location_code/photos',
    {
      config: { access },
      schema: {
        tags: ['locations'],
        summary:
          'Uploads one content photo (multipart field `file`, JPEG or PNG by content, at most 10 MB); saved into the content by the next PUT',
        params: LocationCodeParams,
        response: { 201: UploadedContentPhoto, 400: ErrorBody, 404: ErrorBody, 413: ErrorBody, 415: ErrorBody },
      },
    },
    async (request, reply) => {
      adminSessionOf(request)
      if (!request.isMultipart()) throw badRequest('Send the photo as multipart/form-data in the field file.', 'file')
      let file
      try {
        file = await request.file({ limits: { fileSize: MAX_CONTENT_PHOTO_BYTES, files: 1, fields: 5 } })
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_FILES_LIMIT')
          throw badRequest('Send one photo at a time.', 'file')
        throw error
      }
      if (!file || file.fieldname !== 'file') throw badRequest('Send the photo in the field file.', 'file')
      let data: Buffer
      try {
        data = await file.toBuffer()
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, 'payload_too_large', 'A photo may be at most 10 MB.', 'file')
        throw error
      }
      return reply
        .code(201)
        .send(
          await uploadContentPhoto(app.db, app.files, request.params.location_code, { filename: file.filename, data }),
        )
    },
  )
}
