import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { City } from '@storageops/contracts/content/cities'
import { MarketingFeature } from '@storageops/contracts/content/marketing-features'
import { Page, SavePageInput } from '@storageops/contracts/content/pages'
import { ErrorBody } from '@storageops/contracts/errors'
import { StaleWriteBody } from '@storageops/contracts/resource-versions'
import { adminSessionOf } from '../../lib/admin-session.ts'
import { deleteResource } from '../../lib/resource-service.ts'
import { keyParams, registerResourceRoutes, sendRecord, writeOptionsOf } from '../../lib/resource-routes.ts'
import {
  blogStore,
  cityStore,
  landingPageStore,
  libraryStore,
  marketingFeatureStore,
  pageStore,
  questionStore,
  stateStore,
  unitFilterStore,
} from './content-resources.ts'
import { savePage } from './pages.service.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody }

/** Website content (admin-console-part-2 §2–§9) from its declarations, plus the spec's three irregular calls. */
export function registerContentRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  registerResourceRoutes(app, stateStore)
  registerResourceRoutes(app, cityStore)
  registerResourceRoutes(app, questionStore)
  registerResourceRoutes(app, libraryStore)
  registerResourceRoutes(app, blogStore)
  registerResourceRoutes(app, unitFilterStore)
  registerResourceRoutes(app, pageStore, ['create'])
  registerResourceRoutes(app, marketingFeatureStore)
  registerResourceRoutes(app, landingPageStore)

  api.delete(
    '/api/city/:id',
    {
      config: { access: { pages: ['/cities'] } },
      schema: {
        tags: ['city'],
        summary: 'Deletes a city and answers it as it was (the spec’s path; DELETE /api/cities/{id} does the same)',
        params: keyParams(cityStore.declaration),
        response: { 200: City, ...errors, 412: StaleWriteBody },
      },
    },
    async (request) =>
      deleteResource(app.db, cityStore, request.params.id as number, adminSessionOf(request), writeOptionsOf(request)),
  )

  api.post(
    '/api/pages',
    {
      config: { access: { pages: ['/pages'] } },
      schema: {
        tags: ['page'],
        summary:
          'Creates a page (201), or edits the page `id` names (200): the name is fixed after creation (400), 409 for a taken name, 412 for a stale If-Match',
        body: SavePageInput.meta({ examples: [pageStore.declaration.example] }),
        response: { 200: Page, 201: Page, ...errors, 409: ErrorBody, 412: StaleWriteBody },
      },
    },
    async (request, reply) => {
      const { page, created } = await savePage(app.db, request.body, adminSessionOf(request), writeOptionsOf(request))
      return sendRecord(reply, page, created ? 201 : 200)
    },
  )

  api.delete(
    '/api/marketing_features',
    {
      config: { access: { pages: ['/marketing-features'] } },
      schema: {
        tags: ['marketing_feature'],
        summary: 'Deletes the marketing feature `marketing_featureId` names (the spec’s second form of delete)',
        querystring: z.object({ marketing_featureId: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: MarketingFeature, ...errors },
      },
    },
    async (request) =>
      deleteResource(app.db, marketingFeatureStore, request.query.marketing_featureId, adminSessionOf(request)),
  )
}
