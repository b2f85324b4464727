import type { FastifyInstance } from 'fastify'
import { ErrorBody } from '@storageops/contracts/errors'
import {
  LockChecksDue,
  LockChecksDueQuery,
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
import { areaRoutes } from '../../lib/area-routes.ts'
import type { MultipartRule } from '../../lib/multipart.ts'
import { PHOTO_KINDS, notAPhotoMessage } from '../../integrations/files/photos.ts'
import {
  changeWalkthrough,
  getWalkthrough,
  listLockChecksDue,
  listWalkthroughs,
  recordObservations,
  startWalkthrough,
} from './walkthroughs.service.ts'

/** One observation's fields plus its `photo`, as multipart. */
const photoUpload = (maxBytes: number): MultipartRule => ({
  fields: Object.keys(ObservationInput.shape),
  files: [{ name: 'photo', kinds: PHOTO_KINDS, maxCount: 1 }],
  maxFiles: 1,
  maxFileBytes: maxBytes,
  required: true,
  messages: {
    fileTooLarge: `The photo may be at most ${Math.floor(maxBytes / 1024 / 1024)} MB.`,
    tooManyFiles: 'One photo goes with one observation.',
    unsupported: notAPhotoMessage,
    notMultipart: 'Send the observation as multipart/form-data with its photo.',
  },
})

const RECORDED = {
  200: RecordObservationsResult,
  400: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  413: ErrorBody,
  415: ErrorBody,
  422: ErrorBody,
}

/** Walkthroughs / lock checks (issue 31, decision 024); every rule is the service's. */
export function registerWalkthroughRoutes(app: FastifyInstance) {
  const routes = areaRoutes(app, { access: { pages: ['/snapshot'] }, tag: 'walkthroughs' })

  routes.get(
    '/api/walkthroughs',
    {
      summary: "A facility's walkthroughs, newest first unless sorted (limit/offset/sort/order), and the one under way",
      querystring: WalkthroughListQuery,
      response: { 200: WalkthroughList, 404: ErrorBody },
    },
    async (request) => listWalkthroughs(app.db, request.query),
  )

  routes.get(
    '/api/walkthroughs/due',
    {
      summary:
        'Facilities due a lock check: last full walkthrough older than walkthrough_cadence_days, or none; one page (limit/offset/sort/order/q)',
      querystring: LockChecksDueQuery,
      response: { 200: LockChecksDue },
    },
    async (request) => listLockChecksDue(app.db, request.query),
  )

  routes.post(
    '/api/walkthroughs',
    {
      summary:
        "Start a facility's walkthrough: its map's units in walk order, each with the door the storage-management system expects; 409 with open_walkthrough_id while one is under way",
      body: StartWalkthroughInput,
      response: { 201: Walkthrough, 404: ErrorBody, 409: WalkthroughOpenError, 422: ErrorBody, 502: ErrorBody },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await startWalkthrough(app.db, app.ssm, request.body.location_code, request.session!, request.actedAt)),
  )

  routes.get(
    '/api/walkthroughs/:id',
    {
      summary: 'A walkthrough with its units in walk order: expected door, latest observation (who, when), task',
      params: WalkthroughIdParams,
      response: { 200: Walkthrough, 404: ErrorBody },
    },
    async (request) => getWalkthrough(app.db, request.params.id),
  )

  routes.post(
    '/api/walkthroughs/:id/observations',
    {
      summary:
        'Record doors: { observations: [...] } (1–500), each once by its client_id; of a unit the observation made latest wins',
      params: WalkthroughIdParams,
      body: RecordObservationsInput,
      response: RECORDED,
    },
    async (request) =>
      recordObservations(app.db, app.files, request.params.id, request.body.observations, request.session!, {
        actedAt: request.actedAt,
      }),
  )

  routes.post(
    '/api/walkthroughs/:id/observations/photo',
    {
      config: { multipart: photoUpload(app.env.TASK_PHOTO_MAX_BYTES) },
      summary: "Record one door with a photo: multipart with the observation's fields and `photo`",
      params: WalkthroughIdParams,
      body: ObservationInput,
      response: RECORDED,
    },
    async (request) =>
      recordObservations(app.db, app.files, request.params.id, [request.body], request.session!, {
        actedAt: request.actedAt,
        photo: request.uploads[0],
        fieldOf: (_index, name) => name,
      }),
  )

  for (const transition of ['pause', 'resume', 'finish'] as const) {
    routes.post(
      `/api/walkthroughs/:id/${transition}`,
      {
        summary: {
          pause: 'Pause a walkthrough (its walking time stops until it is resumed, on any phone)',
          resume: 'Resume a paused walkthrough',
          finish:
            'Finish a walkthrough: each discrepancy becomes a unit task (or a note on the open duplicate); full when every unit to check is recorded',
        }[transition],
        params: WalkthroughIdParams,
        response: { 200: Walkthrough, 404: ErrorBody, 409: ErrorBody },
      },
      async (request) =>
        changeWalkthrough(app.db, app.files, request.params.id, transition, request.session!, request.actedAt),
    )
  }
}
