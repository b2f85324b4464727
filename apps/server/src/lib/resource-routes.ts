import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorBody } from '@storageops/contracts/errors'
import { asksForPage, listOrPage, listQuery } from '@storageops/contracts/list-query'
import { hasNumericKey, publicNameOf, type AnyResource } from '@storageops/contracts/resource'
import { ResourceVersion, ResourceVersionSummary, StaleWriteBody } from '@storageops/contracts/resource-versions'
import { adminSessionOf } from './admin-session.ts'
import { sendCachedRead } from './read-cache.ts'
import {
  createResource,
  deleteResource,
  etagOf,
  getPublic,
  getResource,
  getVersion,
  listPublic,
  listResource,
  listResourcePage,
  listVersions,
  restoreVersion,
  updateResource,
  type ResourceStore,
  type WriteOptions,
} from './resource-service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Every declared resource registered, in order: the declaration-driven API test walks this list. */
    resources: ResourceStore[]
  }
}

/** Largest int4, so an id in a URL never overflows the column. */
const MAX_ID = 2_147_483_647

export function keyParams(declaration: AnyResource, key: string = declaration.key) {
  const value =
    hasNumericKey(declaration) && key === declaration.key
      ? z.coerce.number().int().positive().max(MAX_ID)
      : z
          .string()
          .trim()
          .min(1)
          .max(200)
          // eslint-disable-next-line no-control-regex -- a NUL or other control character is never a key
          .regex(/^[^\u0000-\u001f\u007f]*$/, 'Not a valid key.')
  return z.object({ [key]: value })
}

/** The request's If-Match header, when it sent one (issue 20: a PUT without it still saves). */
export function writeOptionsOf(request: FastifyRequest): WriteOptions {
  const header = request.headers['if-match']
  return header === undefined ? {} : { ifMatch: String(header) }
}

export function sendRecord(reply: FastifyReply, record: unknown, status = 200) {
  return reply.code(status).header('etag', etagOf(record)).send(record)
}

const versionParams = (declaration: AnyResource) =>
  keyParams(declaration).extend({ version: z.coerce.number().int().positive().max(MAX_ID) })

const IF_MATCH = 'Send the ETag of the record you read as If-Match to be refused with 412 if it changed since.'

/** A declared resource's API (DESIGN §9) with versions and, when public, `/api/public/{name}`; `except`: hand-written. */
export function registerResourceRoutes<D extends AnyResource>(
  app: FastifyInstance,
  store: ResourceStore<D>,
  except: ReadonlyArray<'create'> = [],
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const { declaration } = store
  const { labels } = declaration
  const access = { pages: [declaration.page] } as const
  const tags = [declaration.name]
  const one = `${declaration.api}/:${declaration.key}`
  const params = keyParams(declaration)
  const keyOf = (request: { params: unknown }) => (request.params as Record<string, string | number>)[declaration.key]!
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody }
  const singular = labels.singular.toLowerCase()
  if (!app.hasDecorator('resources')) app.decorate('resources', [])
  app.resources.push(store)

  const paged = declaration.list
  api.get(
    declaration.api,
    {
      config: { access },
      schema: {
        tags,
        summary: paged
          ? `Every ${singular} by ${declaration.sort}; with limit, offset, sort, order or q one page as { rows, count }`
          : `Every ${singular}, by ${declaration.sort}`,
        querystring: paged ? declaration.query.extend(listQuery(paged.sorts).shape) : declaration.query,
        response: { 200: paged ? listOrPage(declaration.record) : z.array(declaration.record), ...errors },
      },
    },
    async (request) => {
      const { query } = request
      return paged && asksForPage(query)
        ? listResourcePage(app.db, store, query as Parameters<typeof listResourcePage>[2])
        : listResource(app.db, store, query)
    },
  )

  api.get(
    one,
    {
      config: { access },
      schema: {
        tags,
        summary: `One ${singular} with its ETag; 404 when there is none`,
        params,
        response: { 200: declaration.record, ...errors, 404: ErrorBody },
      },
    },
    async (request, reply) => sendRecord(reply, await getResource(app.db, store, keyOf(request))),
  )

  if (!except.includes('create'))
    api.post(
      declaration.api,
      {
        config: { access },
        schema: {
          tags,
          summary: `Creates a ${singular}; 409 when a unique field is taken`,
          body: declaration.create.meta({ examples: [declaration.example] }),
          response: { 201: declaration.record, ...errors, 409: ErrorBody },
        },
      },
      async (request, reply) =>
        sendRecord(
          reply,
          await createResource(app.db, store, request.body as z.output<D['create']>, adminSessionOf(request)),
          201,
        ),
    )

  api.put(
    one,
    {
      config: { access },
      schema: {
        tags,
        summary: `Updates a ${singular} from the body; 404, 409 as for create. ${IF_MATCH}`,
        params,
        body: declaration.update,
        response: { 200: declaration.record, ...errors, 404: ErrorBody, 409: ErrorBody, 412: StaleWriteBody },
      },
    },
    async (request, reply) =>
      sendRecord(
        reply,
        await updateResource(
          app.db,
          store,
          keyOf(request),
          request.body as z.output<D['update']>,
          adminSessionOf(request),
          writeOptionsOf(request),
        ),
      ),
  )

  api.delete(
    one,
    {
      config: { access },
      schema: {
        tags,
        summary: `Deletes a ${singular} and answers it as it was. ${IF_MATCH}`,
        params,
        response: { 200: declaration.record, ...errors, 404: ErrorBody, 412: StaleWriteBody },
      },
    },
    async (request) => deleteResource(app.db, store, keyOf(request), adminSessionOf(request), writeOptionsOf(request)),
  )

  api.get(
    `${one}/versions`,
    {
      config: { access },
      schema: {
        tags,
        summary: `Every version of a ${singular}, newest first: who, when, which fields changed`,
        params,
        response: { 200: z.array(ResourceVersionSummary), ...errors, 404: ErrorBody },
      },
    },
    async (request) => listVersions(app.db, store, keyOf(request)),
  )

  api.get(
    `${one}/versions/:version`,
    {
      config: { access },
      schema: {
        tags,
        summary: `One version of a ${singular} with the record as it was`,
        params: versionParams(declaration),
        response: { 200: ResourceVersion, ...errors, 404: ErrorBody },
      },
    },
    async (request) => getVersion(app.db, store, keyOf(request), (request.params as { version: number }).version),
  )

  api.post(
    `${one}/versions/:version/restore`,
    {
      config: { access },
      schema: {
        tags,
        summary: `Writes a version's fields back as a new version; 422 when they no longer pass. ${IF_MATCH}`,
        params: versionParams(declaration),
        response: {
          200: declaration.record,
          ...errors,
          404: ErrorBody,
          409: ErrorBody,
          412: StaleWriteBody,
          422: ErrorBody,
        },
      },
    },
    async (request, reply) =>
      sendRecord(
        reply,
        await restoreVersion(
          app.db,
          store,
          keyOf(request),
          (request.params as { version: number }).version,
          adminSessionOf(request),
          writeOptionsOf(request),
        ),
      ),
  )

  if (declaration.public) registerPublicRoutes(app, store)
}

/** No token, public fields only, from memory while the `content` counter stands; `public, no-cache` and 304. */
function registerPublicRoutes(app: FastifyInstance, store: ResourceStore) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const { declaration } = store
  const name = publicNameOf(declaration)
  const publicKey = declaration.public!.key ?? declaration.key
  const mask = Object.fromEntries(declaration.public!.fields.map((field) => [field, true as const]))
  const record = declaration.record.pick(mask as never)
  const list = z.array(record)
  const options = { counter: 'content', cacheControl: 'public, no-cache' }
  const config = { access: 'public' as const }
  const tags = ['public content']
  const forever = Number.POSITIVE_INFINITY

  api.get(
    `/api/public/${name}`,
    {
      config,
      schema: {
        tags,
        summary: `Every ${declaration.labels.singular.toLowerCase()}, public fields only`,
        security: [],
        response: { 200: list },
      },
    },
    (request, reply) =>
      sendCachedRead(
        app,
        request,
        reply,
        `public:${name}`,
        list,
        async () => ({ body: await listPublic(app.db, store), validUntil: forever }),
        options,
      ),
  )

  api.get(
    `/api/public/${name}/:${publicKey}`,
    {
      config,
      schema: {
        tags,
        summary: `One ${declaration.labels.singular.toLowerCase()} by ${publicKey}, public fields only`,
        security: [],
        params: keyParams(declaration, publicKey),
        response: { 200: record, 404: ErrorBody },
      },
    },
    (request, reply) => {
      const key = (request.params as Record<string, string | number>)[publicKey]!
      return sendCachedRead(
        app,
        request,
        reply,
        `public:${name}:${key}`,
        record,
        async () => ({ body: await getPublic(app.db, store, key), validUntil: forever }),
        options,
      )
    },
  )
}
