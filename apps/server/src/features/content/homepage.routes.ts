import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { HomepageContent, SaveHomepageBody } from '@storageops/contracts/content/homepage'
import { ErrorBody } from '@storageops/contracts/errors'
import { adminSessionOf } from '../../lib/admin-session.ts'
import { areaRoutes } from '../../lib/area-routes.ts'
import { getHomepage, saveHomepage } from './homepage.service.ts'

/** Homepage (spec: admin-console-part-2 §2, §3, §7), superadmin only; its images go through POST /api/file/upload. */
export function registerHomepageRoutes(app: FastifyInstance) {
  const routes = areaRoutes(app, { access: 'superadmin', tag: 'homepage' })
  routes.get(
    '/api/homepage',
    {
      summary: 'The homepage content as a list of one record (empty before the first save)',
      response: { 200: z.array(HomepageContent) },
    },
    async () => getHomepage(app.db),
  )
  routes.post(
    '/api/homepage',
    {
      summary: 'Saves the homepage content (titles, hero and page texts, review header, image URL); answers the list',
      body: SaveHomepageBody,
      response: { 200: z.array(HomepageContent), 400: ErrorBody },
    },
    async (request) => saveHomepage(app.db, request.body, adminSessionOf(request)),
  )
}
