import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ErrorBody } from '@storageops/contracts/errors'
import {
  ObservationInput,
  RecordObservationsInput,
  RecordObservationsResult,
  StartWalkthroughInput,
  Walkthrough,
  WalkthroughIdParams,
  WalkthroughList,
  WalkthroughListQuery,
  WalkthroughOpenError,
} from '@storageops/contracts/walkthroughs'
import type { MultipartRule } from '../../lib/multipart.ts'
import { PHOTO_KINDS, notAPhotoMessage } from '../../integrations/files/photos.ts'
import {
  changeWalkthrough,
  getWalkthrough,
  listWalkthroughs,
  recordObservations,
  startWalkthrough,
} from './walkthroughs.service.ts'

const FIELD_TOOL = { pages: ['/snapshot'] } as const

/** A multipart observation: one observation's fields plus at most one `photo`. */
const observationUpload = (maxBytes: number): MultipartRule => ({
  fields: Object.keys(ObservationInput.shape),
  files: [{ name: 'photo', kinds: PHOTO_KINDS, maxCount: 1 }],
  maxFiles: 1,
  maxFileBytes: maxBytes,
  messages: {
    fileTooLarge: `The photo may be at most ${Math.floor(maxBytes / 1024 / 1024)} MB.`,
    tooManyFiles: 'One photo goes with one observation.',
    unsupported: notAPhotoMessage,
  },
})

/** Walkthroughs / lock checks (issue 31, decision 024); every rule is the service's. */
export function registerWalkthroughRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get(
    '/api/walkthroughs',
    {
      config: { access: FIELD_TOOL },
      schema: {
        tags: ['walkthroughs'],
        summary: "A facility's walkthroughs, newest first, one page (limit/offset), and the one under way",
        querystring: WalkthroughListQuery,
        response: { 200: WalkthroughList, 404: ErrorBody },
      },
    },
    async (request) => listWalkthroughs(app.db, request.query),
  )

  api.post(
    '/api/walkthroughs',
    {
      config: { access: FIELD_TOOL },
      schema: {
        tags: ['walkthroughs'],
        summary:
          "Start a facility's walkthrough: its map's units in walk order, each with the door the storage-management system expects; 409 with open_walkthrough_id while one is under way",
        body: StartWalkthroughInput,
        response: { 201: Walkthrough, 404: ErrorBody, 409: WalkthroughOpenError, 422: ErrorBody, 502: ErrorBody },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await startWalkthrough(app.db, app.ssm, request.body.location_code, request.session!, request.actedAt)),
  )

  api.get(
    '/api/walkthroughs/:id',
    {
      config: { access: FIELD_TOOL },
      schema: {
        tags: ['walkthroughs'],
        summary: 'A walkthrough with its units in walk order: expected door, latest observation (who, when), task',
        params: WalkthroughIdParams,
        response: { 200: Walkthrough, 404: ErrorBody },
      },
    },
    async (request) => getWalkthrough(app.db, request.params.id),
  )

  api.post(
    '/api/walkthroughs/:id/observations',
    {
      config: { access: FIELD_TOOL, multipart: observationUpload(app.env.TASK_PHOTO_MAX_BYTES) },
      // A multipart body is one observation's fields: read as a batch of one.
      preValidation: async (request) => {
        if (request.isMultipart()) (request as { body: unknown }).body = { observations: [request.body] }
      },
      schema: {
        tags: ['walkthroughs'],
        summary:
          'Record doors: JSON { observations: [...] } (1–500, each once by client_id; the latest made wins), or multipart with one observation and a `photo`',
        params: WalkthroughIdParams,
        body: RecordObservationsInput,
        response: {
          200: RecordObservationsResult,
          400: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
          422: ErrorBody,
        },
      },
    },
    async (request) =>
      recordObservations(app.db, app.files, request.params.id, request.body.observations, request.session!, {
        actedAt: request.actedAt,
        photo: request.uploads[0],
      }),
  )

  for (const transition of ['pause', 'resume', 'finish'] as const) {
    api.post(
      `/api/walkthroughs/:id/${transition}`,
      {
        config: { access: FIELD_TOOL },
        schema: {
          tags: ['walkthroughs'],
          summary: {
            pause: 'Pause a walkthrough (its walking time stops until it is resumed, on any phone)',
            resume: 'Resume a paused walkthrough',
            finish:
              'Finish a walkthrough: each discrepancy becomes a unit task (or a note on the open duplicate); full when every unit to check is recorded',
          }[transition],
          params: WalkthroughIdParams,
          response: { 200: Walkthrough, 404: ErrorBody, 409: ErrorBody },
        },
      },
      async (request) =>
        changeWalkthrough(app.db, app.files, request.params.id, transition, request.session!, request.actedAt),
    )
  }
}
