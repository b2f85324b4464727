import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { badRequest, HttpError, replyWithError, unprocessable } from './http-error.ts'

/** How far (seconds) a device's clock may run ahead of the server's before its action time is refused, not clamped. */
export const ACTION_TIME_SKEW_SECONDS = 300
const FIELD = 'X-Action-Time'
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const IsoDateTime = z.iso.datetime({ offset: true })

declare module 'fastify' {
  interface FastifyRequest {
    /** When the user acted on their device (`X-Action-Time`), or null when the request did not say. */
    actedAt: Date | null
  }
}

/** The header's (or a body `field`'s) time; 400 when not ISO 8601 with a zone, 422 ahead of `now` beyond the skew. */
export function parseActionTime(header: string | string[], now: Date, field: string = FIELD): Date {
  if (typeof header !== 'string' || !IsoDateTime.safeParse(header).success)
    throw badRequest(`${field} must be an ISO 8601 date and time with a zone, e.g. 2026-11-24T14:14:00Z.`, field)
  const actedAt = new Date(header)
  const aheadSeconds = (actedAt.getTime() - now.getTime()) / 1000
  if (aheadSeconds > ACTION_TIME_SKEW_SECONDS)
    throw unprocessable(
      `${field} is ${Math.round(aheadSeconds / 60)} minutes ahead of the server's clock (${now.toISOString()}). Check the device's date and time.`,
      field,
    )
  return actedAt
}

/**
 * `X-Action-Time` on signed-in writes (decision 019): kept beside the receive time, never ordering or permitting.
 * Refused, never clamped: 400 malformed, 422 ahead beyond ACTION_TIME_SKEW_SECONDS.
 */
export function registerActionTime(app: FastifyInstance) {
  app.decorateRequest('actedAt', null)
  app.addHook('preHandler', async (request, reply) => {
    request.actedAt = null
    const header = request.headers['x-action-time']
    if (header === undefined || !WRITES.has(request.method) || !request.session) return
    try {
      request.actedAt = parseActionTime(header, new Date())
    } catch (error) {
      if (error instanceof HttpError) return replyWithError(reply, error)
      throw error
    }
  })
}
