import type { FastifyInstance } from 'fastify'
import { ErrorBody } from '@storageops/contracts/errors'
import { LocationCodeQuery } from '@storageops/contracts/facilities'
import {
  GetLocationUnitTypesInput,
  GetLocationUnitTypesResult,
  LocationUnitTypes,
  SavedUnitType,
  SaveUnitTypeInput,
} from '@storageops/contracts/unit-types'
import { adminSessionOf } from '../../lib/admin-session.ts'
import { areaRoutes } from '../../lib/area-routes.ts'
import { fetchSsmUnitTypes, getLocationUnitTypes, saveUnitType } from './unit-types.service.ts'

export function registerUnitTypeRoutes(app: FastifyInstance) {
  const access = { pages: ['/locations'] } as const
  const routes = areaRoutes(app, { access, tag: 'unit-types' })

  routes.get(
    '/api/location_unittypes',
    {
      summary: 'available_filters and the saved note and filters per unit type of a location; 404 for an unknown code',
      querystring: LocationCodeQuery,
      response: { 200: LocationUnitTypes, 404: ErrorBody },
    },
    async (request) => getLocationUnitTypes(app.db, request.query.location_code),
  )

  routes.post(
    '/api/ssm/GetLocationUnitTypes',
    {
      summary: 'Unit types of a location from the storage-management system (LocationUnitTypes.UnitType)',
      body: GetLocationUnitTypesInput,
      response: { 200: GetLocationUnitTypesResult, 404: ErrorBody, 502: ErrorBody },
    },
    async (request) => ({
      LocationUnitTypes: { UnitType: await fetchSsmUnitTypes(app.db, app.ssm, request.body.location_code) },
    }),
  )

  routes.post(
    '/api/location_unittypes',
    {
      summary: 'Saves the note (at most 200 characters) and unit filters of one unit type of a location',
      body: SaveUnitTypeInput,
      response: { 200: SavedUnitType, 400: ErrorBody, 404: ErrorBody, 502: ErrorBody },
    },
    async (request) => saveUnitType(app.db, app.ssm, request.body, adminSessionOf(request)),
  )
}
