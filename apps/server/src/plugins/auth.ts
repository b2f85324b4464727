import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AdminPagePath } from '@storageops/contracts/admin-pages'
import { forbidden, unauthorized } from '../lib/http-error.ts'
import type { Session } from '../lib/session.ts'
import { registerSessionCache } from '../lib/session-cache.ts'

/**
 * Every /api route's `config.access` (DESIGN §5). { pages }: superadmins and roles allowed a page; field users pass
 * '/snapshot' routes unless `fieldTool: false`; `adminConsole: false` keeps admins out. 'metrics': decideScrape.
 */
export type Access =
  | 'public'
  | 'signed-in'
  | 'superadmin'
  | 'metrics'
  | { pages: readonly AdminPagePath[]; fieldTool?: false; adminConsole?: false }

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access
  }
  interface FastifyRequest {
    session: Session | null
  }
  interface FastifyInstance {
    /** Every route registered, with its declared access: the permission matrix test walks this list. */
    routeAccess: Array<{ method: string; url: string; access: Access | undefined }>
  }
}

/** Decides 'ok', 401 or 403 for a session against a route's access rule; pure, so the matrix test can reuse it. */
export function decideAccess(access: Access, session: Session | null): 'ok' | 401 | 403 {
  if (access === 'public') return 'ok'
  if (!session) return 401
  if (access === 'metrics') return 403
  if (access === 'signed-in') return 'ok'
  if (session.kind === 'field')
    return access !== 'superadmin' && access.fieldTool !== false && access.pages.includes('/snapshot') ? 'ok' : 403
  if (access !== 'superadmin' && access.adminConsole === false) return 403
  const role = session.user.role
  if (!role) return 403
  if (role.superadmin) return 'ok'
  if (access === 'superadmin') return 403
  return access.pages.some((page) => role.allowed_pages.includes(page)) ? 'ok' : 403
}

const digest = (text: string) => createHash('sha256').update(text).digest()
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/

/** GET /metrics: the METRICS_TOKEN bearer (401), or with none only an unproxied local request (403). */
export function decideScrape(
  metricsToken: string | undefined,
  request: { bearer: string | null; remoteAddress: string | undefined; forwarded: boolean },
): 'ok' | 401 | 403 {
  if (metricsToken)
    return request.bearer !== null && timingSafeEqual(digest(request.bearer), digest(metricsToken)) ? 'ok' : 401
  return LOOPBACK.test(request.remoteAddress ?? '') && !request.forwarded ? 'ok' : 403
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header) return null
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match?.[1] ?? null
}

export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('session', null)
  const sessions = registerSessionCache(app)
  app.decorate('routeAccess', [])
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      app.routeAccess.push({ method, url: route.url, access: route.config?.access })
    if (
      (route.url.startsWith('/api/') || route.url === '/metrics') &&
      !route.url.startsWith('/api/docs') &&
      !route.config?.access
    ) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`)
    }
  })
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access
    if (!access) return
    if (access === 'metrics') {
      const decision = decideScrape(app.env.METRICS_TOKEN, {
        bearer: bearerToken(request),
        remoteAddress: request.socket.remoteAddress,
        forwarded: request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined,
      })
      if (decision === 401) throw unauthorized('Metrics need the bearer METRICS_TOKEN.')
      if (decision === 403)
        throw forbidden('Metrics are served to this machine only: set METRICS_TOKEN to scrape them from elsewhere.')
      return
    }
    const token = bearerToken(request)
    if (token) {
      const lookup = await sessions.resolve(token)
      request.session = lookup.session
      if (!lookup.session && access !== 'public') {
        request.log.warn(
          { route: request.routeOptions.url, reason: lookup.reason, ip: request.ip },
          'refused: session not valid',
        )
        throw unauthorized(
          lookup.reason === 'expired' ? 'Your session has expired. Please sign in again.' : 'Please sign in.',
        )
      }
    }
    const decision = decideAccess(access, request.session)
    if (decision === 401) {
      request.log.warn({ route: request.routeOptions.url, ip: request.ip }, 'refused: no token')
      throw unauthorized()
    }
    if (decision === 403) {
      const session = request.session!
      request.log.warn(
        {
          route: request.routeOptions.url,
          kind: session.kind,
          user: session.kind === 'field' ? session.user.username : session.user.email,
        },
        'refused: not permitted',
      )
      throw forbidden()
    }
  })
}
