import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ErrorBody } from '@storageops/contracts/errors'
import { PUBLISHED_CONTENT_PAGES, PublishCooldown, PublishResult } from '@storageops/contracts/publish-contents'
import { publicNameOf } from '@storageops/contracts/resource'
import { adminSessionOf } from '../../lib/admin-session.ts'
import { publishContents, publishCooldown, type PublishedEntity } from './publish.service.ts'

/** The public declared resources, and the locations and their CMS content, which the website also shows. */
function publishedEntities(app: FastifyInstance): PublishedEntity[] {
  const declared = app.resources
    .map((store) => store.declaration)
    .filter((declaration) => declaration.public)
    .map((declaration): PublishedEntity => {
      const resource = publicNameOf(declaration)
      const key = declaration.public!.key ?? declaration.key
      return {
        entity: declaration.name,
        resource,
        publicPath: (record) => {
          const value = record[key]
          return typeof value === 'string' || typeof value === 'number'
            ? `/api/public/${resource}/${encodeURIComponent(value)}`
            : null
        },
      }
    })
  return [
    ...declared,
    { entity: 'location', resource: 'locations' },
    { entity: 'location_content', resource: 'location_contents' },
  ]
}

export function registerPublishRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/publish_contents',
    {
      config: { access: { pages: PUBLISHED_CONTENT_PAGES } },
      schema: {
        tags: ['content'],
        summary: 'How long Rebuild CMS Pages still waits after the last rebuild (the same for every user and browser)',
        response: { 200: PublishCooldown },
      },
    },
    () => publishCooldown(app.db),
  )
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/publish_contents',
    {
      config: { access: { pages: PUBLISHED_CONTENT_PAGES } },
      schema: {
        tags: ['content'],
        summary:
          'Rebuilds the public website: calls PUBLISH_HOOK_URL or records the request; 429 within 60 s of the last rebuild',
        response: { 200: PublishResult, 429: ErrorBody, 502: ErrorBody },
      },
    },
    async (request) => {
      const result = await publishContents(app.db, adminSessionOf(request), app.env, publishedEntities(app))
      request.log.info(
        {
          event: 'content_publish',
          target: result.target,
          user: request.session?.kind === 'admin' ? request.session.user.email : undefined,
        },
        'content publish requested',
      )
      return result
    },
  )
}
