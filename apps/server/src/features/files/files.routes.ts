import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorBody } from '@storageops/contracts/errors'
import {
  DeleteFilesInput,
  DeletedFiles,
  FileList,
  FileListQuery,
  FilesInUse,
  FilesPage,
  MEDIA_MAX_BYTES,
  MEDIA_MAX_FILES,
  UploadedFiles,
} from '@storageops/contracts/files'
import { asksForPage } from '@storageops/contracts/list-query'
import { text } from '@storageops/contracts/primitives'
import { adminSessionOf } from '../../lib/admin-session.ts'
import { areaRoutes } from '../../lib/area-routes.ts'
import type { MultipartRule } from '../../lib/multipart.ts'
import { sendCachedRead } from '../../lib/read-cache.ts'
import { deleteFiles, listFiles, listFilesPage, notAnImageMessage, uploadFiles } from './files.service.ts'

/** `upload_files_{n}` (File Management) or one `upload_file` with `fileName` (Homepage); JPEG, PNG or WebP by content. */
const fileUpload: MultipartRule = {
  fields: ['fileName'],
  files: [
    { name: /^upload_files_\d{1,4}$/, kinds: ['jpeg', 'png', 'webp'], maxCount: 1 },
    { name: 'upload_file', kinds: ['jpeg', 'png', 'webp'], maxCount: 1 },
  ],
  maxFiles: MEDIA_MAX_FILES,
  maxFileBytes: MEDIA_MAX_BYTES,
  required: true,
  messages: {
    fileTooLarge: `Each file may be at most ${MEDIA_MAX_BYTES / 1024 / 1024} MB.`,
    tooManyFiles: `Upload at most ${MEDIA_MAX_FILES} files at once.`,
    unsupported: notAnImageMessage,
    notMultipart: 'Send the files as multipart/form-data in the fields upload_files_0, upload_files_1, …',
  },
}

/** File Management (spec: admin-console-part-2 §2, §7): roles allowed /file-management; files served at /img/{name}. */
export function registerFileRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const access = { pages: ['/file-management'], fieldTool: false } as const
  const routes = areaRoutes(app, { access, tag: 'files' })

  routes.get(
    '/api/file',
    {
      summary:
        'The media library, newest first, with where each file is used; ?unused=true keeps unused files; with limit, offset, sort (name, byte_size), order or q (in the name) one page as { rows, count }',
      querystring: FileListQuery,
      response: { 200: z.union([FileList, FilesPage]) },
    },
    // From memory while exact (read-cache.ts): files, uploaders and every content table move the media_library counter.
    async (request, reply) => {
      const { query } = request
      const unused = query.unused === 'true'
      const options = { counter: 'media_library', cacheControl: 'private, no-cache' }
      const forever = Number.POSITIVE_INFINITY
      if (asksForPage(query))
        return sendCachedRead(
          app,
          request,
          reply,
          `files:${JSON.stringify(query)}`,
          FilesPage,
          async () => ({ body: await listFilesPage(app.db, app.readVersions, query), validUntil: forever }),
          options,
        )
      return sendCachedRead(
        app,
        request,
        reply,
        `files:${unused}`,
        FileList,
        async () => ({ body: await listFiles(app.db, app.readVersions, { unused }), validUntil: forever }),
        options,
      )
    },
  )

  api.post(
    '/api/file/upload',
    {
      config: { access, multipart: fileUpload },
      bodyLimit: MEDIA_MAX_FILES * MEDIA_MAX_BYTES,
      schema: {
        tags: ['files'],
        summary:
          'Uploads images (multipart upload_files_{n}; or upload_file with fileName homepage_hero_image.jpg / homepage_kiosk_image.jpg, JPEG only, superadmin); 415 by content, 413 over 20 MB',
        body: z.object({ fileName: text().max(200).optional() }),
        response: {
          201: UploadedFiles,
          400: ErrorBody,
          403: ErrorBody,
          409: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const session = adminSessionOf(request)
      return reply
        .code(201)
        .send(await uploadFiles(app.db, app.readVersions, app.files, request.uploads, session, request.body.fileName))
    },
  )

  routes.post(
    '/api/file/delete',
    {
      summary: 'Deletes library files; 409 with in_use when content still uses one, unless force is true',
      body: DeleteFilesInput,
      response: { 200: DeletedFiles, 400: ErrorBody, 404: ErrorBody, 409: FilesInUse },
    },
    async (request) => deleteFiles(app.db, app.readVersions, app.files, request.body, adminSessionOf(request)),
  )
}
