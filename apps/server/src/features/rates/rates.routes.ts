import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorBody } from '@storageops/contracts/errors'
import { idParam } from '@storageops/contracts/primitives'
import {
  LiveLog,
  ProcessRatesAccepted,
  ProcessRatesInput,
  RATE_CSV_MAX_BYTES,
  RATE_KINDS,
  RATE_UPLOADS,
  RateChanges,
  RateChangesPage,
  RateChangesQuery,
  RateUploadLog,
} from '@storageops/contracts/rates'
import { asksForPage } from '@storageops/contracts/list-query'
import { adminSessionOf } from '../../lib/admin-session.ts'
import { badRequest } from '../../lib/http-error.ts'
import { readUpload, type MultipartRule } from '../../lib/multipart.ts'
import { RATE_UPLOAD_QUEUE, rateJobOptions } from './rate-processing.job.ts'
import {
  discardRateChanges,
  exampleRateCsv,
  getLiveLog,
  getRateChanges,
  getRateChangesPage,
  listRateLogs,
  rateLogCsv,
  startRateProcessing,
  startRateUndo,
  uploadRateFile,
} from './rates.service.ts'

/** One rate CSV under `file` (spec §5: .csv only); its content is checked by assertCsvFile (415 with the reason). */
const rateCsvUpload: MultipartRule = {
  fields: [],
  files: [{ name: 'file', kinds: ['any'] }],
  maxFiles: 1,
  maxFileBytes: RATE_CSV_MAX_BYTES,
  maxTotalBytes: RATE_CSV_MAX_BYTES + 16 * 1024,
  required: true,
  messages: {
    fileTooLarge: `The CSV file may be at most ${RATE_CSV_MAX_BYTES / 1024 / 1024} MB.`,
    tooManyFiles: 'Upload one CSV file at a time.',
    unsupported: () => 'Only .csv files are accepted.',
    notMultipart: 'Send the CSV as multipart/form-data in the field file.',
  },
}

const UploadAccepted = z.object({
  message: z.string(),
  upload_id: z.number(),
  counts: RateChanges.shape.counts,
})

/** Street-rate and tenant-rate uploads (spec: admin-console-part-2 §2–§4, §7; issue 16), the same routes per kind. */
export function registerRateRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const deps = () => ({ db: app.db, ssm: app.ssm, live: app.live })

  for (const kind of RATE_KINDS) {
    const upload = RATE_UPLOADS[kind]
    const config = { access: { pages: [upload.page], fieldTool: false as const } }
    const tags = ['rates']

    api.get(
      `${upload.api}/changes`,
      {
        config,
        schema: {
          tags,
          summary: `${upload.title}: the pending changes (counts received / pending / errors, rows old → new, errors naming row, column and rule, monthly revenue change); with limit, offset, sort, order or q one page of the rows to process as { rows, count }`,
          querystring: RateChangesQuery,
          response: { 200: z.union([RateChanges, RateChangesPage]) },
        },
      },
      async (request) =>
        asksForPage(request.query) ? getRateChangesPage(app.db, kind, request.query) : getRateChanges(app.db, kind),
    )

    api.post(
      `${upload.api}/upload-csv`,
      {
        config: { ...config, multipart: rateCsvUpload },
        schema: {
          tags,
          summary: `${upload.title}: a CSV (multipart field \`file\`, .csv only) becomes the pending changes, replacing ones not processed; every row checked by the guardrails`,
          response: {
            200: UploadAccepted,
            400: ErrorBody,
            409: ErrorBody,
            413: ErrorBody,
            415: ErrorBody,
            502: ErrorBody,
          },
        },
      },
      async (request) => {
        const [file] = request.uploads
        if (!file) throw badRequest('Choose a CSV file to upload.', 'file')
        return uploadRateFile(
          deps(),
          kind,
          { filename: file.filename, data: await readUpload(file) },
          adminSessionOf(request),
        )
      },
    )

    api.post(
      `${upload.api}/process`,
      {
        config,
        schema: {
          tags,
          summary: `${upload.title}: PROCESS the pending changes as a job, row by row against the storage-management system; progress on the live channel (202)`,
          body: ProcessRatesInput,
          response: {
            202: ProcessRatesAccepted,
            400: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
            409: ErrorBody,
            422: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        const started = await startRateProcessing(app.db, kind, request.body, adminSessionOf(request))
        await app.jobs.send(RATE_UPLOAD_QUEUE, { upload_id: started.upload_id }, rateJobOptions(started.upload_id))
        return reply.code(202).send(started)
      },
    )

    api.post(
      `${upload.api}/discard`,
      {
        config,
        schema: {
          tags,
          summary: `${upload.title}: DISCARD the pending changes`,
          response: { 200: z.object({ message: z.string() }), 404: ErrorBody, 409: ErrorBody },
        },
      },
      async (request) => discardRateChanges(deps(), kind, adminSessionOf(request)),
    )

    api.get(
      `${upload.api}/logs`,
      {
        config,
        schema: {
          tags,
          summary: `${upload.logsTitle}: processed uploads, newest first`,
          response: { 200: z.array(RateUploadLog) },
        },
      },
      async () => listRateLogs(app.db, kind),
    )

    api.get(
      `${upload.api}/logs/:id`,
      {
        config,
        schema: {
          tags,
          summary: `${upload.logFileName(0).replace('0', '{id}')}: every row of the upload with its state and outcome`,
          params: z.object({ id: idParam() }),
          produces: ['text/csv'],
        },
      },
      async (request, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${upload.logFileName(request.params.id)}"`)
          .send(await rateLogCsv(app.db, kind, request.params.id)),
    )

    api.post(
      `${upload.api}/logs/:id/undo`,
      {
        config,
        schema: {
          tags,
          summary: `${upload.title}: undo a processed upload as a job (previous street rates back; tenant changes not yet in effect cancelled); 202`,
          params: z.object({ id: idParam() }),
          response: { 202: ProcessRatesAccepted, 404: ErrorBody, 409: ErrorBody },
        },
      },
      async (request, reply) => {
        const started = await startRateUndo(app.db, kind, request.params.id, adminSessionOf(request))
        await app.jobs.send(
          RATE_UPLOAD_QUEUE,
          { upload_id: started.upload_id, undo: true },
          { ...rateJobOptions(started.upload_id), singletonKey: `rate-undo-${started.upload_id}` },
        )
        return reply.code(202).send(started)
      },
    )

    api.get(
      `${upload.api}/live-log`,
      {
        config,
        schema: {
          tags,
          summary: `${upload.title}: the live log of the latest upload so far (the backlog a page reads before following the live channel)`,
          response: { 200: LiveLog },
        },
      },
      async () => getLiveLog(app.db, kind),
    )

    app.get(
      `/${upload.exampleFile}`,
      // Real rows (tenants and their rents): for the page's roles only, downloaded with the bearer token.
      { config, schema: { hide: true } },
      async (_request, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${upload.exampleFile}"`)
          .send(await exampleRateCsv(app.db, app.ssm, kind)),
    )
  }
}
