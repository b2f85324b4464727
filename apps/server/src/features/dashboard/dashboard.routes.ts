import type { FastifyInstance } from 'fastify'
import { AnalyticsEmbed, AnalyticsReport, FacilityOverview } from '@storageops/contracts/dashboard'
import { ErrorBody } from '@storageops/contracts/errors'
import { areaRoutes } from '../../lib/area-routes.ts'
import { badGateway } from '../../lib/http-error.ts'
import {
  AnalyticsEmbedError,
  BUILT_IN_REPORT_PATH,
  createAnalyticsClient,
} from '../../integrations/analytics/client.ts'
import { getAnalyticsReportAt, getFacilitiesOverviewAt } from './dashboard.service.ts'
import { sendCachedRead } from '../../lib/read-cache.ts'

const FIELD_TOOL = { pages: ['/snapshot'] } as const

export function registerDashboardRoutes(app: FastifyInstance) {
  const routes = areaRoutes(app, { access: FIELD_TOOL, tag: 'dashboard' })
  const analytics = app.env.ANALYTICS_EMBED_ENDPOINT
    ? createAnalyticsClient({
        endpoint: app.env.ANALYTICS_EMBED_ENDPOINT,
        timeoutMs: app.env.ANALYTICS_EMBED_TIMEOUT_MS,
      })
    : null

  routes.get(
    '/api/facilities/overview',
    {
      summary: 'Facility overview rows of the Dashboard table; hidden facilities left out (spec §2, §3, §7)',
      response: { 200: FacilityOverview },
    },
    async (request, reply) =>
      sendCachedRead(app, request, reply, 'facilities-overview', FacilityOverview, (now) =>
        getFacilitiesOverviewAt(app.db, now),
      ),
  )

  routes.get(
    '/api/dashboard/analytics_embed',
    {
      summary:
        "The analytics frame's address: EmbedUrl from the cloud function at ANALYTICS_EMBED_ENDPOINT, or the built-in report's path when unset; 502 when the function fails (spec §7)",
      response: { 200: AnalyticsEmbed, 502: ErrorBody },
    },
    async () => {
      if (!analytics) return { EmbedUrl: BUILT_IN_REPORT_PATH }
      try {
        return { EmbedUrl: await analytics.getEmbedUrl() }
      } catch (error) {
        if (error instanceof AnalyticsEmbedError) throw badGateway(error.message)
        throw error
      }
    },
  )

  routes.get(
    '/api/dashboard/analytics_report',
    {
      summary:
        'Figures of the built-in analytics report from live data: open tasks by facility and age, past due by priority, brand-standards reports by month (issue 6)',
      response: { 200: AnalyticsReport },
    },
    async (request, reply) =>
      sendCachedRead(app, request, reply, 'analytics-report', AnalyticsReport, (now) =>
        getAnalyticsReportAt(app.db, now),
      ),
  )
}
