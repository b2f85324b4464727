import type { FastifyReply } from 'fastify'

/** Thrown by services; plugins/errors.ts sends it as `{ error, message, field? }` (DESIGN §4). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, 'invalid_input', message, field)
export const unauthorized = (message = 'Please sign in.') => new HttpError(401, 'unauthorized', message)
export const forbidden = (message = "Permission required! You're not authorized for this page.") =>
  new HttpError(403, 'forbidden', message)
export const notFound = (message: string, field?: string) => new HttpError(404, 'not_found', message, field)
export const conflict = (message: string, extra: Record<string, unknown> = {}) =>
  new HttpError(409, 'conflict', message, undefined, extra)
export const unprocessable = (message: string, field?: string) => new HttpError(422, 'unprocessable', message, field)
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, 'too_many_requests', message, undefined, { retry_after_seconds: retryAfterSeconds })
export const badGateway = (message: string) => new HttpError(502, 'upstream_failed', message)

/** `{ error, message, field?, errors? }`: a 400 naming a field lists it in `errors` too (issue 34), as a schema's 400 does. */
export function errorBodyOf(error: HttpError): Record<string, unknown> {
  const errors = error.statusCode === 400 && error.field ? [{ field: error.field, message: error.message }] : undefined
  return {
    error: error.code,
    message: error.message,
    ...(error.field ? { field: error.field } : {}),
    ...(errors ? { errors } : {}),
    ...error.extra,
  }
}

/** Sends an HttpError as JSON text from a hook that runs before the route: the route's response schemas describe its own errors. */
export const replyWithError = (reply: FastifyReply, error: HttpError) =>
  reply
    .code(error.statusCode)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(errorBodyOf(error)))
