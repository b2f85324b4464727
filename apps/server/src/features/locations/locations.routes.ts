import type { FastifyInstance } from 'fastify'
import { ErrorBody } from '@storageops/contracts/errors'
import { asksForPage } from '@storageops/contracts/list-query'
import { LOCATION_MESSAGES } from '@storageops/contracts/location-rules'
import {
  BulkEditInput,
  BulkEditList,
  BulkEditQuery,
  BulkEditResult,
  FetchReviewsResult,
  LocationCodeParams,
  LocationIdParams,
  LocationInput,
  LocationMessage,
  LocationRecord,
  LocationUpdateInput,
} from '@storageops/contracts/locations'
import { z } from 'zod'
import { adminSessionOf } from '../../lib/admin-session.ts'
import { areaRoutes } from '../../lib/area-routes.ts'
import { secretBoxFor } from './location-secrets.ts'
import {
  createLocation,
  deleteLocation,
  getLocation,
  listBulkEditPage,
  listBulkEditRows,
  requestReviewFetch,
  saveBulkEdit,
  updateLocation,
} from './locations.service.ts'

/** The full list is GET /api/locations?role=admin (facilities routes); edit and delete are superadmin only. */
export function registerLocationRoutes(app: FastifyInstance) {
  const routes = areaRoutes(app, { access: { pages: ['/locations'] }, tag: 'locations' })
  const box = secretBoxFor(app.env)
  const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody }

  routes.get(
    '/api/locations/:id',
    {
      summary: 'One location with every field; payment keys masked; 404 when unknown',
      params: LocationIdParams,
      response: { 200: LocationRecord, 404: ErrorBody },
    },
    async (request) => getLocation(app.db, request.params.id, box),
  )

  routes.post(
    '/api/locations',
    {
      summary:
        'Creates a location (spec: admin-console-part-1 §2 Create); 409 when location_code or slug is taken; 422 when a payment key cannot be encrypted',
      body: LocationInput,
      response: { 201: LocationRecord, ...errors },
    },
    async (request, reply) =>
      reply.code(201).send(await createLocation(app.db, request.body, box, adminSessionOf(request))),
  )

  routes.put(
    '/api/locations/:id',
    {
      config: { access: 'superadmin' },
      summary:
        'Updates the fields sent, superadmins only (the rest stay as they are; bulk edit sends reservation_window only); payment keys change only when a new value is sent',
      params: LocationIdParams,
      body: LocationUpdateInput,
      response: { 200: LocationRecord, ...errors },
    },
    async (request) => updateLocation(app.db, request.params.id, request.body, box, adminSessionOf(request)),
  )

  routes.delete(
    '/api/locations/:id',
    {
      config: { access: 'superadmin' },
      summary: 'Deletes a location and what hangs on it, superadmins only; 409 while a landing page shows it',
      params: LocationIdParams,
      response: {
        200: LocationMessage,
        403: ErrorBody,
        404: ErrorBody,
        409: ErrorBody.extend({ landing_pages: z.array(z.string()) }),
      },
    },
    async (request) => {
      await deleteLocation(app.db, request.params.id, box, adminSessionOf(request))
      return { message: LOCATION_MESSAGES.locationDeleted }
    },
  )

  routes.post(
    '/api/locations/fetch-reviews/:location_code',
    {
      summary: 'Asks for the reviews of a location; recorded (no reviews provider is connected)',
      params: LocationCodeParams,
      response: { 200: FetchReviewsResult, 404: ErrorBody },
    },
    async (request) => requestReviewFetch(app.db, request.params.location_code, adminSessionOf(request)),
  )

  routes.get(
    '/api/locations_bulk_edit',
    {
      summary:
        'Location Bulk Edit rows: reservation_window and the CMS content columns of every location, by name; one page { rows, count } when list parameters are sent',
      querystring: BulkEditQuery,
      response: { 200: BulkEditList, 400: ErrorBody },
    },
    async (request) =>
      asksForPage(request.query) ? listBulkEditPage(app.db, request.query) : listBulkEditRows(app.db),
  )

  routes.put(
    '/api/locations_bulk_edit',
    {
      summary: "'Update All Pages': every row in one transaction ('Saved!'); any bad row saves nothing (400)",
      body: BulkEditInput,
      response: { 200: BulkEditResult, 400: ErrorBody },
    },
    async (request) => saveBulkEdit(app.db, request.body, adminSessionOf(request)),
  )
}
