import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ComboCode,
  ComboCodeQuery,
  FacilityDetails,
  LocationCodeQuery,
  LocationList,
} from '@storageops/contracts/facilities'
import { LocationUnit } from '@storageops/contracts/unit-maps'
import {
  AdminLocationList,
  AdminLocationsPage,
  CS_HIDDEN_LOCATION_FIELDS,
  LocationsPage,
  LocationsQuery,
  type AdminLocationsQuery,
  type FacilityListSort,
  type LocationRecord,
} from '@storageops/contracts/locations'
import { ErrorBody } from '@storageops/contracts/errors'
import { asksForPage, type ListQueryOf } from '@storageops/contracts/list-query'
import { badRequest, forbidden } from '../../lib/http-error.ts'
import { sendCachedRead } from '../../lib/read-cache.ts'
import { decideAccess } from '../../plugins/auth.ts'
import { secretBoxFor } from '../locations/location-secrets.ts'
import { listAdminLocations, listAdminLocationsPage } from '../locations/locations.service.ts'
import {
  getComboCode,
  getFacilityDetails,
  getLocationByCodeInAnyCase,
  listLocationUnits,
  listLocations,
  listLocationsPage,
} from './facilities.service.ts'

function omitFields<T extends object, K extends keyof T>(record: T, keys: readonly K[]): Omit<T, K> {
  const copy = { ...record }
  for (const key of keys) delete copy[key]
  return copy
}

/** GET /api/locations?role=admin (paged on request, DESIGN §13); CS roles get no CS_HIDDEN field, nor sort by one (400). */
async function listAdminLocationsFor(app: FastifyInstance, request: FastifyRequest, query: AdminLocationsQuery) {
  const session = request.session
  if (decideAccess({ pages: ['/locations'] }, session) !== 'ok') throw forbidden()
  const isCs = session?.kind === 'admin' && session.user.is_CS_role && !session.user.role?.superadmin
  const forRole = (record: LocationRecord) => (isCs ? omitFields(record, CS_HIDDEN_LOCATION_FIELDS) : record)
  const box = secretBoxFor(app.env)
  if (!asksForPage(query)) return (await listAdminLocations(app.db, box)).map(forRole)
  if (isCs && (CS_HIDDEN_LOCATION_FIELDS as readonly string[]).includes(query.sort ?? ''))
    throw badRequest(`Sorting by ${query.sort} is not available to your role.`, 'sort')
  const page = await listAdminLocationsPage(app.db, box, query)
  return { rows: page.rows.map(forRole), count: page.count }
}

/** The field tool's whole facility list (spec §2, issue 30) from the read cache: ETag, 304 for a phone holding it. */
function sendLocationList(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  return sendCachedRead(
    app,
    request,
    reply,
    'locations',
    LocationList,
    async () => ({ body: await listLocations(app.db), validUntil: Number.POSITIVE_INFINITY }),
    { counter: 'locations' },
  )
}

/** A facility list page checked against its own schema: the route's union cost 30× the check (issue 30). */
const serializeLocationsPage = serializerCompiler({ schema: LocationsPage, method: 'GET', url: '/api/locations' })

export function registerFacilityRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get(
    '/api/locations',
    {
      config: { access: { pages: ['/snapshot', '/locations', '/landing-pages', '/lease-terminations'] } },
      schema: {
        tags: ['facilities'],
        summary:
          'All locations (one page { rows, count } when list parameters are sent), or one by location_code in any case (spec: snapshot-field-tool §7, admin-console-part-1 §7)',
        querystring: LocationsQuery,
        response: {
          200: z.union([AdminLocationList, AdminLocationsPage, LocationList, LocationsPage]),
          400: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { query } = request
      // LocationsQuery lets only the admin list's sorts through with role=admin.
      if (query.role === 'admin') return listAdminLocationsFor(app, request, query as AdminLocationsQuery)
      if (query.location_code) return [await getLocationByCodeInAnyCase(app.db, query.location_code)]
      if (asksForPage(query)) {
        const page = await listLocationsPage(app.db, query as ListQueryOf<FacilityListSort>)
        return reply.type('application/json; charset=utf-8').serializer(serializeLocationsPage).send(page)
      }
      return sendLocationList(app, request, reply)
    },
  )

  api.get(
    '/api/snapshot_locations',
    {
      config: { access: { pages: ['/snapshot'] } },
      schema: {
        tags: ['facilities'],
        summary: 'Facility details by location code; 404 when unknown',
        querystring: LocationCodeQuery,
        response: { 200: FacilityDetails },
      },
    },
    // From memory while exact (read-cache.ts): snapshot_locations and locations move the facility_figures counter.
    async (request, reply) =>
      sendCachedRead(
        app,
        request,
        reply,
        `facility-details:${request.query.location_code}`,
        FacilityDetails,
        async () => ({
          body: await getFacilityDetails(app.db, request.query.location_code, app.env.PUBLIC_SITE_URL),
          validUntil: Number.POSITIVE_INFINITY,
        }),
        { cacheControl: 'no-store' },
      ),
  )

  api.get(
    '/api/snapshot_locations/combo_code',
    {
      config: { access: { pages: ['/snapshot'] } },
      schema: {
        tags: ['facilities'],
        summary: 'Combination of a lock by serial number; 404 with a message when unknown',
        querystring: ComboCodeQuery,
        response: { 200: ComboCode },
      },
    },
    async (request) => getComboCode(app.db, request.query.serial_number),
  )

  api.get(
    '/api/location_units',
    {
      config: { access: { pages: ['/snapshot', '/locations'] } },
      schema: {
        tags: ['unit-maps'],
        summary: 'Units of a facility with map data (spec: snapshot-field-tool §7)',
        querystring: LocationCodeQuery,
        response: { 200: z.array(LocationUnit) },
      },
    },
    async (request) => listLocationUnits(app.db, request.query.location_code),
  )
}
