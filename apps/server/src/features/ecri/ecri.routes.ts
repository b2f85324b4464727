import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import {
  CreateEcriRunInput,
  CreateEcriUploadInput,
  EcriCandidate,
  EcriCandidatePage,
  EcriCandidatesQuery,
  EcriFacilitiesQuery,
  EcriFacilityPage,
  EcriRentRoll,
  EcriRun,
  EcriRunSummary,
  EcriUploadCreated,
  UpdateEcriCandidateInput,
} from '@storageops/contracts/ecri'
import { ErrorBody } from '@storageops/contracts/errors'
import { idParam } from '@storageops/contracts/primitives'
import { adminSessionOf } from '../../lib/admin-session.ts'
import { areaRoutes } from '../../lib/area-routes.ts'
import { registerResourceRoutes } from '../../lib/resource-routes.ts'
import { ecriRuleSetStore } from './ecri-rule-sets.ts'
import { getRentRoll, startRentRollRefresh } from './ecri-rent-roll.ts'
import { ECRI_RENT_ROLL_QUEUE, ECRI_RUN_QUEUE, ecriJobOptions, rentRollJobOptions } from './ecri-run.job.ts'
import {
  createEcriUpload,
  getEcriRun,
  listEcriCandidates,
  listEcriFacilities,
  listEcriRuns,
  startEcriRun,
  updateEcriCandidate,
} from './ecri.service.ts'

/** The ECRI planner's API (issue 32, decision 025), for the roles allowed /ecri. Money in cents. */
export function registerEcriRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, ecriRuleSetStore)
  const routes = areaRoutes(app, { access: { pages: ['/ecri'], fieldTool: false }, tag: 'ecri' })
  const runParams = z.object({ id: idParam() })

  routes.get(
    '/api/ecri/runs',
    { summary: 'The latest 20 ECRI runs, newest first', response: { 200: z.array(EcriRunSummary) } },
    async () => listEcriRuns(app.db),
  )

  routes.post(
    '/api/ecri/runs',
    {
      summary:
        'Computes the candidates of a rule set as a job: every lease of the kept rent roll, read from the system first when `refresh` (202; poll the run)',
      body: CreateEcriRunInput,
      response: { 202: z.object({ id: z.number() }), 400: ErrorBody, 404: ErrorBody },
    },
    async (request, reply) => {
      const run = await startEcriRun(
        app.db,
        request.body.rule_set_id,
        adminSessionOf(request),
        request.body.refresh ?? false,
      )
      await app.jobs.send(ECRI_RUN_QUEUE, { run_id: run.id }, ecriJobOptions(run.id))
      return reply.code(202).send(run)
    },
  )

  routes.get(
    '/api/ecri/rent_roll',
    {
      summary: 'The kept rent roll: facilities and leases held, when they were fetched, the latest refresh',
      response: { 200: EcriRentRoll },
    },
    async () => getRentRoll(app.db),
  )

  routes.post(
    '/api/ecri/rent_roll/refresh',
    {
      summary: "Reads every facility's rent roll from the system into the kept one, as a job (202; 409 while one runs)",
      response: { 202: z.object({ id: z.number() }), 409: ErrorBody },
    },
    async (request, reply) => {
      const refresh = await startRentRollRefresh(app.db, adminSessionOf(request))
      await app.jobs.send(ECRI_RENT_ROLL_QUEUE, { refresh_id: refresh.id }, rentRollJobOptions(refresh.id))
      return reply.code(202).send(refresh)
    },
  )

  routes.get(
    '/api/ecri/runs/:id',
    {
      summary: "A run's inputs, exclusions by reason and the chosen rows' monthly and annual change, bands, histogram",
      params: runParams,
      response: { 200: EcriRun, 404: ErrorBody },
    },
    async (request) => getEcriRun(app.db, request.params.id),
  )

  routes.get(
    '/api/ecri/runs/:id/candidates',
    {
      summary: "A run's leases, filtered, sorted and paged on the server ({ rows, count })",
      params: runParams,
      querystring: EcriCandidatesQuery,
      response: { 200: EcriCandidatePage, 400: ErrorBody, 404: ErrorBody },
    },
    async (request) => listEcriCandidates(app.db, request.params.id, request.query),
  )

  routes.get(
    '/api/ecri/runs/:id/facilities',
    {
      summary: "A run's monthly and annual change per facility, paged ({ rows, count })",
      params: runParams,
      querystring: EcriFacilitiesQuery,
      response: { 200: EcriFacilityPage, 400: ErrorBody, 404: ErrorBody },
    },
    async (request) => listEcriFacilities(app.db, request.params.id, request.query),
  )

  routes.patch(
    '/api/ecri/runs/:id/candidates/:candidateId',
    {
      summary: "Untick or tick a lease, or set its new rent in cents within the guardrails' maximum increase",
      params: z.object({ id: idParam(), candidateId: idParam() }),
      body: UpdateEcriCandidateInput,
      response: { 200: EcriCandidate, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
    },
    async (request) =>
      updateEcriCandidate(app.db, request.params.id, request.params.candidateId, request.body, adminSessionOf(request)),
  )

  routes.post(
    '/api/ecri/runs/:id/upload',
    {
      summary:
        'Create tenant-rate upload: the chosen rows become the pending tenant-rate upload, checked by its guardrails',
      params: runParams,
      body: CreateEcriUploadInput,
      response: {
        200: EcriUploadCreated,
        400: ErrorBody,
        404: ErrorBody,
        409: ErrorBody,
        422: ErrorBody,
        502: ErrorBody,
      },
    },
    async (request) =>
      createEcriUpload(
        { db: app.db, ssm: app.ssm, live: app.live },
        request.params.id,
        request.body.location_codes,
        adminSessionOf(request),
      ),
  )
}
