import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { HttpError } from '../lib/http-error.ts'

/** `{ error, message, field? }` for every error (DESIGN §4): schema and JSON errors 400 naming the field, no stack ever. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode === 429) reply.header('retry-after', String(Number(error.extra.retry_after_seconds ?? 60)))
      return reply.code(error.statusCode).send({
        error: error.code,
        message: error.message,
        ...(error.field ? { field: error.field } : {}),
        ...error.extra,
      })
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0]!
      const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (error.validationContext ?? 'body')
      return reply.code(400).send({ error: 'invalid_input', message: `${field}: ${issue.message}`, field })
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response did not match its schema')
      return reply.code(500).send({ error: 'internal', message: 'Something went wrong.' })
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
