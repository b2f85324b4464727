import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { formatCalendarDate } from '@storageops/contracts/calendar-date'
import { ErrorBody } from '@storageops/contracts/errors'
import {
  formatTimeOfDay,
  LEASE_TERMINATION_CSV_NAME,
  LeaseTerminationAccepted,
  LeaseTerminationConflict,
  LeaseTerminationInput,
  LeaseTerminationsPage,
  LeaseTerminationsQuery,
} from '@storageops/contracts/lease-terminations'
import { areaRoutes } from '../../lib/area-routes.ts'
import { LEASE_TERMINATION_QUEUE, noticeJobOptions } from './lease-termination-notices.job.ts'
import {
  leaseTerminationsCsv,
  listLeaseTerminations,
  noticeLinkSecret,
  openNotice,
  submitLeaseTermination,
} from './lease-terminations.service.ts'

const PAGE = { pages: ['/lease-terminations'] } as const

/** Whether a request is a person opening the link in a browser, not a HEAD, a prefetch or an image proxy. */
function isPersonNavigating(request: FastifyRequest): boolean {
  const header = (name: string) => String(request.headers[name] ?? '').toLowerCase()
  if (request.method !== 'GET') return false
  if (header('purpose').includes('prefetch') || header('sec-purpose').includes('prefetch')) return false
  const destination = header('sec-fetch-dest')
  if (destination && destination !== 'document') return false
  return header('accept').includes('text/html')
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!)

/** Lease terminations (spec: admin-console-part-2 §2, §7) and the tenant's notice page behind a signed link. */
export function registerLeaseTerminationRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const routes = areaRoutes(app, { access: PAGE, tag: 'lease-terminations' })

  routes.post(
    '/api/notices/lease_termination_notice',
    {
      summary:
        'Generate lease termination notices: Rented units only, grouped by tenant, one notice per tenant sent 5 s apart by a job; 202, or 409 naming the notices that already cover a unit for the date',
      body: LeaseTerminationInput,
      response: {
        202: LeaseTerminationAccepted,
        400: ErrorBody,
        404: ErrorBody,
        409: LeaseTerminationConflict,
        502: ErrorBody,
        503: ErrorBody,
      },
    },
    async (request, reply) => {
      noticeLinkSecret(app.env)
      const accepted = await submitLeaseTermination(app.db, app.ssm, request.body, request.session!)
      await app.jobs.send(
        LEASE_TERMINATION_QUEUE,
        { batch_id: accepted.batch_id },
        noticeJobOptions(accepted.batch_id, accepted.notices, app.env.NOTICE_PACING_SECONDS),
      )
      return reply.code(202).send(accepted)
    },
  )

  routes.get(
    '/api/lease_terminations',
    {
      summary: 'Lease Terminations History, newest first: rows and count (limit ≤ 100, default 10)',
      querystring: LeaseTerminationsQuery,
      response: { 200: LeaseTerminationsPage },
    },
    async (request) => listLeaseTerminations(app.db, request.query, (name) => app.files.url(name)),
  )

  routes.get(
    '/api/lease_terminations/csv',
    {
      summary: `${LEASE_TERMINATION_CSV_NAME}: every lease termination with the spec's columns`,
      produces: ['text/csv'],
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${LEASE_TERMINATION_CSV_NAME}"`)
        .send(await leaseTerminationsCsv(app.db)),
  )

  api.get(
    '/notice/:id',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        querystring: z.object({ sig: z.string().max(200).default('') }),
      },
    },
    async (request, reply) => {
      const notice = await openNotice(
        app.db,
        noticeLinkSecret(app.env),
        request.params.id,
        request.query.sig,
        isPersonNavigating(request),
      )
      reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
      if (!notice)
        return reply
          .code(404)
          .send(
            '<!doctype html><title>Notice not found</title><p>This link is not valid. Please contact the office.</p>',
          )
      const kind = notice.termination_type === 'Termination' ? 'termination' : 'non-renewal'
      const pdf = app.files.url(notice.notice_file!)
      return reply.send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Notice of lease ${kind}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a;line-height:1.5}
a.button{display:inline-block;background:#1c5fb8;color:#fff;padding:.6rem 1rem;border-radius:6px;text-decoration:none}</style>
</head><body>
<h1>Notice of lease ${kind}</h1>
<p>${escapeHtml(notice.tenant_name)}, your rental agreement for unit ${escapeHtml(notice.units.join(', '))} at ${escapeHtml(notice.location_name)} ends on ${formatCalendarDate(notice.termination_date)} at ${formatTimeOfDay(notice.termination_time)}.</p>
<p><strong>Reason:</strong> ${escapeHtml(notice.reason)}</p>
<p><a class="button" href="${pdf}">Open the notice (PDF)</a></p>
</body></html>`)
    },
  )
}
