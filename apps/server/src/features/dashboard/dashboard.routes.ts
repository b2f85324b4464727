import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { AnalyticsEmbed, AnalyticsReport, FacilityOverview } from '@storageops/contracts/dashboard'
import { ErrorBody } from '@storageops/contracts/errors'
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
  const api = app.withTypeProvider<ZodTypeProvider>()
  const analytics = app.env.ANALYTICS_EMBED_ENDPOINT
    ? createAnalyticsClient({
        endpoint: app.env.ANALYTICS_EMBED_ENDPOINT,
        timeoutMs: app.env.ANALYTICS_EMBED_TIMEOUT_MS,
      })
    : null

  api.get(
    '/api/facilities/overview',
    {
      config: { access: FIELD_TOOL },
      schema: {
        tags: ['dashboard'],
        summary: 'Facility overview rows of the Dashboard table; hidden facilities left out (spec §2, §3, §7)',
        response: { 200: FacilityOverview },
      },
    },
    async (request, reply) =>
      sendCachedRead(app, request, reply, 'facilities-overview', FacilityOverview, (now) =>
        getFacilitiesOverviewAt(app.db, now),
      ),
  )

  api.get(
    '/api/dashboard/analytics_embed',
    {
      config: { access: FIELD_TOOL },
      schema: {
        tags: ['dashboard'],
        summary:
          "The analytics frame's address: EmbedUrl from the cloud function at ANALYTICS_EMBED_ENDPOINT, or the built-in report's path when unset; 502 when the function fails (spec §7)",
        response: { 200: AnalyticsEmbed, 502: ErrorBody },
      },
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

  api.get(
    '/api/dashboard/analytics_report',
    {
      config: { access: FIELD_TOOL },
      schema: {
        tags: ['dashboard'],
        summary:
          'Figures of the built-in analytics report from live data: open tasks by facility and age, past due by priority, brand-standards reports by month (issue 6)',
        response: { 200: AnalyticsReport },
      },
    },
    async (request, reply) =>
      sendCachedRead(app, request, reply, 'analytics-report', AnalyticsReport, (now) =>
        getAnalyticsReportAt(app.db, now),
      ),
  )
}
