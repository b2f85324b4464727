import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
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
import { fetchSsmUnitTypes, getLocationUnitTypes, saveUnitType } from './unit-types.service.ts'

export function registerUnitTypeRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const access = { pages: ['/locations'] } as const

  api.get(
    '/api/location_unittypes',
    {
      config: { access },
      schema: {
        tags: ['unit-types'],
        summary:
          'available_filters and the saved note and filters per unit type of a location; 404 for an unknown code',
        querystring: LocationCodeQuery,
        response: { 200: LocationUnitTypes, 404: ErrorBody },
      },
    },
    async (request) => getLocationUnitTypes(app.db, request.query.location_code),
  )

  api.post(
    '/api/ssm/GetLocationUnitTypes',
    {
      config: { access },
      schema: {
        tags: ['unit-types'],
        summary: 'Unit types of a location from the storage-management system (LocationUnitTypes.UnitType)',
        body: GetLocationUnitTypesInput,
        response: { 200: GetLocationUnitTypesResult, 404: ErrorBody, 502: ErrorBody },
      },
    },
    async (request) => ({
      LocationUnitTypes: { UnitType: await fetchSsmUnitTypes(app.db, app.ssm, request.body.location_code) },
    }),
  )

  api.post(
    '/api/location_unittypes',
    {
      config: { access },
      schema: {
        tags: ['unit-types'],
        summary: 'Saves the note (at most 200 characters) and unit filters of one unit type of a location',
        body: SaveUnitTypeInput,
        response: { 200: SavedUnitType, 400: ErrorBody, 404: ErrorBody, 502: ErrorBody },
      },
    },
    async (request) => saveUnitType(app.db, app.ssm, request.body, adminSessionOf(request)),
  )
}
