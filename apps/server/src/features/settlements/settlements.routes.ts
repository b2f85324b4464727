import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { formatDollars } from '@storageops/contracts/auctions'
import { formatDateTime } from '@storageops/contracts/date-time'
import { ErrorBody } from '@storageops/contracts/errors'
import {
  LinkSent,
  SendLinkInput,
  TenantSearchQuery,
  TenantSearchResult,
  TenantUnit,
  TenantUnitsQuery,
} from '@storageops/contracts/settlements'
import { areaRoutes } from '../../lib/area-routes.ts'
import { publicBaseUrl } from '../communications/channels.ts'
import { openPaymentLink, searchTenants, sendPaymentLink, tenantUnits } from './settlements.service.ts'

const PAGE = { pages: ['/tenant-settlements'] } as const

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!)

/** Tenant Settlements (spec: admin-console-part-1 §2, §5, §7, §8; decision record 017): search, units, payment links. */
export function registerSettlementRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const routes = areaRoutes(app, { access: PAGE, tag: 'settlements' })

  routes.get(
    '/api/tenant_settlements/search',
    {
      summary:
        "Tenants by email or cell phone from the storage-management system; 400 'Please fill in all the required fields.' for an empty query, 404 'Not found'",
      querystring: TenantSearchQuery,
      response: { 200: z.array(TenantSearchResult), 400: ErrorBody, 404: ErrorBody, 502: ErrorBody },
    },
    async (request) => searchTenants(app.db, app.ssm, request.query.type, request.query.query),
  )

  routes.get(
    '/api/tenant_settlements/units',
    {
      summary: "A tenant's leases at a facility with the balance owed (dollars) and any live payment link",
      querystring: TenantUnitsQuery,
      response: { 200: z.array(TenantUnit), 400: ErrorBody, 404: ErrorBody, 502: ErrorBody },
    },
    async (request) => tenantUnits(app.db, app.ssm, request.query.id, request.query.locationCode),
  )

  routes.post(
    '/api/tenant_settlements/send-link',
    {
      summary:
        'Send a payment link for one lease by email or SMS: amount above 0 and not above the balance, one live link per lease (re-sent while it lives), audited',
      body: SendLinkInput,
      response: { 200: LinkSent, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 502: ErrorBody },
    },
    async (request) =>
      sendPaymentLink(app.db, app.ssm, request.body, request.session!, (token) => `${publicBaseUrl(app)}/pay/${token}`),
  )

  api.get(
    '/pay/:token',
    {
      config: { access: 'public' },
      schema: { hide: true, params: z.object({ token: z.string().max(100) }) },
    },
    async (request, reply) => {
      const found = await openPaymentLink(app.db, request.params.token)
      reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
      const page = (title: string, body: string) =>
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a;line-height:1.5}</style></head><body><h1>${title}</h1>${body}</body></html>`
      if (!found)
        return reply
          .code(404)
          .send(page('Payment link not found', '<p>This link is not valid. Please contact the office.</p>'))
      const office = `Please call ${escapeHtml(found.name)}${found.phone ? ` at ${escapeHtml(found.phone)}` : ''}.`
      if (found.expired)
        return reply
          .code(410)
          .send(page('This payment link has expired', `<p>${office} We will send you a new link.</p>`))
      return reply.send(
        page(
          `Pay ${formatDollars(found.link.amount)}`,
          `<p>Settlement for unit ${escapeHtml(found.link.unit_no)} at ${escapeHtml(found.name)}, valid until ${formatDateTime(found.link.expires_at.toISOString())}.</p><p>Online card payment is not connected in this installation. ${office}</p>`,
        ),
      )
    },
  )
}
