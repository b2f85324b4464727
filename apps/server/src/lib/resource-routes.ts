import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorBody } from '@storageops/contracts/errors'
import { hasNumericKey, type AnyResource } from '@storageops/contracts/resource'
import { adminSessionOf } from './admin-session.ts'
import {
  createResource,
  deleteResource,
  getResource,
  listResource,
  updateResource,
  type ResourceStore,
} from './resource-service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Every declared resource registered, in order: the declaration-driven API test walks this list. */
    resources: ResourceStore[]
  }
}

/** Largest int4, so an id in a URL never overflows the column. */
const MAX_ID = 2_147_483_647

function keyParams(declaration: AnyResource) {
  const key = hasNumericKey(declaration)
    ? z.coerce.number().int().positive().max(MAX_ID)
    : z.string().trim().min(1).max(200)
  return z.object({ [declaration.key]: key })
}

/**
 * The API of a declared resource (DESIGN §9) at the spec's paths: GET and POST `{api}`, GET, PUT and
 * DELETE `{api}/:{key}`, for roles allowed the declaration's page, with OpenAPI from its schemas and
 * `{ error, message, field? }` bodies for 400/401/403/404/409. Irregular endpoints of a resource are
 * written beside it by hand.
 */
export function registerResourceRoutes<D extends AnyResource>(app: FastifyInstance, store: ResourceStore<D>) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const { declaration } = store
  const { labels } = declaration
  const access = { pages: [declaration.page] } as const
  const tags = [declaration.name]
  const one = `${declaration.api}/:${declaration.key}`
  const params = keyParams(declaration)
  const keyOf = (request: { params: unknown }) => (request.params as Record<string, string | number>)[declaration.key]!
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody }
  if (!app.hasDecorator('resources')) app.decorate('resources', [])
  app.resources.push(store)

  api.get(
    declaration.api,
    {
      config: { access },
      schema: {
        tags,
        summary: `Every ${labels.singular.toLowerCase()}, by ${declaration.sort}`,
        querystring: declaration.query,
        response: { 200: z.array(declaration.record), ...errors },
      },
    },
    async (request) => listResource(app.db, store, request.query),
  )

  api.get(
    one,
    {
      config: { access },
      schema: {
        tags,
        summary: `One ${labels.singular.toLowerCase()}; 404 when there is none`,
        params,
        response: { 200: declaration.record, ...errors, 404: ErrorBody },
      },
    },
    async (request) => getResource(app.db, store, keyOf(request)),
  )

  api.post(
    declaration.api,
    {
      config: { access },
      schema: {
        tags,
        summary: `Creates a ${labels.singular.toLowerCase()}; 409 when a unique field is taken`,
        body: declaration.create.meta({ examples: [declaration.example] }),
        response: { 201: declaration.record, ...errors, 409: ErrorBody },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createResource(app.db, store, request.body as z.output<D['create']>, adminSessionOf(request))),
  )

  api.put(
    one,
    {
      config: { access },
      schema: {
        tags,
        summary: `Updates a ${labels.singular.toLowerCase()} from the body; 404, 409 as for create`,
        params,
        body: declaration.update,
        response: { 200: declaration.record, ...errors, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) =>
      updateResource(app.db, store, keyOf(request), request.body as z.output<D['update']>, adminSessionOf(request)),
  )

  api.delete(
    one,
    {
      config: { access },
      schema: {
        tags,
        summary: `Deletes a ${labels.singular.toLowerCase()} and answers it as it was`,
        params,
        response: { 200: declaration.record, ...errors, 404: ErrorBody },
      },
    },
    async (request) => deleteResource(app.db, store, keyOf(request), adminSessionOf(request)),
  )
}
