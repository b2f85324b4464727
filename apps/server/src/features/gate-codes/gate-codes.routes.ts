import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { ErrorBody } from '@storageops/contracts/errors'
import { GateCodeEntry } from '@storageops/contracts/facilities'
import {
  GATE_CODE_NAMES,
  GateCodeRotation,
  RotateGateCodeInput,
  RotationIdParams,
  type GateCodeName,
} from '@storageops/contracts/gate-codes'
import { areaRoutes } from '../../lib/area-routes.ts'
import { GATE_CODE_ROTATION_QUEUE, rotationJobOptions } from './gate-code-rotation.job.ts'
import {
  abandonRotation,
  failRotation,
  getLatestRotation,
  getRotation,
  resumeRotation,
  startRotation,
} from './gate-code-rotation.service.ts'
import { listGateCodes } from './gate-codes.service.ts'

const ROTATION_PAGE = { pages: ['/gate-code-rotation'] } as const

export function registerGateCodeRoutes(app: FastifyInstance) {
  const routes = areaRoutes(app, { access: ROTATION_PAGE, tag: 'gate-codes' })

  routes.get(
    '/api/gate_code_rotation/gate_codes',
    {
      config: { access: { pages: ['/snapshot', '/gate-code-rotation'] } },
      summary: 'Current Auction Winner, Emergency Code and Temp Code with their last update',
      response: { 200: z.array(GateCodeEntry) },
    },
    async () => listGateCodes(app.db),
  )

  /** Queues a running rotation's job; a job that cannot be queued fails the rotation (so the next request is not refused). */
  const queue = async (rotation: GateCodeRotation) => {
    try {
      await app.jobs.send(
        GATE_CODE_ROTATION_QUEUE,
        { rotation_id: rotation.id },
        rotationJobOptions(rotation.id, app.env.GATE_CODE_JOB_RETRY_SECONDS),
      )
    } catch (error) {
      await failRotation(app.db, rotation.id, 'The rotation job could not be queued.')
      throw error
    }
    return rotation
  }
  const rotate = async (names: readonly GateCodeName[], session: NonNullable<Parameters<typeof startRotation>[2]>) =>
    queue(await startRotation(app.db, names, session))

  routes.post(
    '/api/gate_code_rotation/rotate',
    {
      summary: 'Rotate one gate code at every facility (background job); 202 with the rotation, 409 while another runs',
      body: RotateGateCodeInput,
      response: { 202: GateCodeRotation, 400: ErrorBody, 409: ErrorBody },
    },
    async (request, reply) => reply.code(202).send(await rotate([request.body.rotate_name], request.session!)),
  )

  routes.post(
    '/api/gate_code_rotation/rotateAll',
    {
      summary:
        'Rotate all three gate codes at every facility (background job); 202 with the rotation, 409 while another runs',
      response: { 202: GateCodeRotation, 409: ErrorBody },
    },
    async (request, reply) => reply.code(202).send(await rotate(GATE_CODE_NAMES, request.session!)),
  )

  routes.get(
    '/api/gate_code_rotation/rotations/latest',
    {
      summary: 'The newest rotation with its progress (done/failed/total facilities), or null',
      response: { 200: GateCodeRotation.nullable() },
    },
    async () => getLatestRotation(app.db),
  )

  routes.get(
    '/api/gate_code_rotation/rotations/:id',
    {
      summary: 'One rotation with its progress; 404 when unknown',
      params: RotationIdParams,
      response: { 200: GateCodeRotation, 404: ErrorBody },
    },
    async (request) => getRotation(app.db, request.params.id),
  )

  routes.post(
    '/api/gate_code_rotation/rotations/:id/resume',
    {
      config: { access: 'superadmin' },
      summary:
        'Superadmin: run the latest, failed rotation again for its facilities not done (same codes); 202, 409 when not possible',
      params: RotationIdParams,
      response: { 202: GateCodeRotation, 404: ErrorBody, 409: ErrorBody },
    },
    async (request, reply) => {
      return reply.code(202).send(await queue(await resumeRotation(app.db, request.params.id, request.session!)))
    },
  )

  routes.post(
    '/api/gate_code_rotation/rotations/:id/abandon',
    {
      config: { access: 'superadmin' },
      summary:
        'Superadmin: mark a running rotation failed now (its job stops before the next facility); 409 when not running',
      params: RotationIdParams,
      response: { 200: GateCodeRotation, 404: ErrorBody, 409: ErrorBody },
    },
    async (request) => abandonRotation(app.db, request.params.id, request.session!),
  )
}
