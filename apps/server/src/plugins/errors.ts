import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { HttpError, errorBodyOf } from '../lib/http-error.ts'
import { httpErrorForDatabase, isDatabaseUnavailable } from '../lib/db-errors.ts'

function sendHttpError(reply: FastifyReply, error: HttpError) {
  const retryAfter = error.extra.retry_after_seconds
  if (error.statusCode === 429 || error.statusCode === 503)
    reply.header('retry-after', String(Number(retryAfter ?? (error.statusCode === 429 ? 60 : 5))))
  return reply.code(error.statusCode).send(errorBodyOf(error))
}

/** One entry per failing field (its first issue), as dotted paths; a failure of the whole body or query names it. */
function fieldErrorsOf(issues: ReadonlyArray<{ instancePath: string; message?: string }>, context: string) {
  const byField = new Map<string, string>()
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || context
    if (!byField.has(field)) byField.set(field, issue.message ?? 'Invalid value.')
  }
  return [...byField].map(([field, message]) => ({ field, message }))
}

/**
 * `{ error, message, field?, errors? }` for every error (DESIGN §4): schema and JSON errors 400 naming the first
 * field and listing every failing one in `errors`; a failed query 409 (unique key), 422, 400 or 503 with Retry-After
 * (lib/db-errors.ts), logged by SQL state and query name, never its parameters; no stack ever.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return sendHttpError(reply, error)
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrorsOf(error.validation, error.validationContext ?? 'body')
      const { field, message } = errors[0]!
      return reply.code(400).send({ error: 'invalid_input', message: `${field}: ${message}`, field, errors })
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response did not match its schema')
      return reply.code(500).send({ error: 'internal', message: 'Something went wrong.' })
    }
    const fromDatabase = httpErrorForDatabase(error)
    if (fromDatabase) {
      if (isDatabaseUnavailable(error)) request.log.warn({ err: error }, 'database unavailable')
      else request.log.info({ err: error }, 'query refused the input')
      return sendHttpError(reply, fromDatabase)
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const code =
        status === 413
          ? 'payload_too_large'
          : status === 415
            ? 'unsupported_media_type'
            : status === 429
              ? 'too_many_requests'
              : 'invalid_input'
      return reply.code(status).send({ error: code, message: error.message })
    }
    request.log.error({ err: error }, 'request failed')
    return reply.code(500).send({ error: 'internal', message: 'Something went wrong.' })
  })
}
