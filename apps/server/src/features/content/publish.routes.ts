import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ErrorBody } from '@storageops/contracts/errors'
import { PUBLISHED_CONTENT_PAGES, PublishResult } from '@storageops/contracts/publish-contents'
import { adminSessionOf } from '../../lib/admin-session.ts'
import { publishContents } from './publish.service.ts'

export function registerPublishRoutes(app: FastifyInstance) {
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
      const result = await publishContents(app.db, adminSessionOf(request), app.env)
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
