import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorBody } from '@storageops/contracts/errors'
import {
  AdminLoginInput,
  AdminLoginResult,
  SessionInfo,
  SsmLoginFailure,
  SsmLoginInput,
  SsmLoginResult,
} from '@storageops/contracts/identity'
import { HttpError } from '../../lib/http-error.ts'
import { revokeSession } from './sessions.service.ts'
import { signInAdmin, signInField } from './sign-in.service.ts'

/** Sign-in, session and logout for both apps (spec: snapshot-field-tool §7, admin-console-part-2 §7; DESIGN §5). */
export function registerIdentityRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.post(
    '/api/ssm',
    {
      config: { access: 'public' },
      schema: {
        tags: ['identity'],
        summary: 'Field-tool sign-in through the storage-management system (service_name ValidateSSMLogin only)',
        body: SsmLoginInput,
        response: { 200: SsmLoginResult, 401: SsmLoginFailure, 429: ErrorBody, 502: ErrorBody },
      },
    },
    async (request) => {
      try {
        const result = await signInField(app.db, app.ssm, request.body, request.ip, app.env)
        request.log.info(
          { event: 'field_sign_in', username: result.user.username, ip: request.ip },
          'field user signed in',
        )
        return result
      } catch (error) {
        if (error instanceof HttpError)
          request.log.warn(
            {
              event: 'field_sign_in_refused',
              username: request.body.xml_body.LoginKeyed,
              reason: error.code,
              ip: request.ip,
            },
            'field sign-in refused',
          )
        throw error
      }
    },
  )

  api.post(
    '/api/auth',
    {
      config: { access: 'public' },
      schema: {
        tags: ['identity'],
        summary: 'Admin sign-in with email and password; 401 "Please enter a valid email and password"',
        body: AdminLoginInput,
        response: { 200: AdminLoginResult, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      try {
        const result = await signInAdmin(app.db, request.body, request.ip, app.env)
        request.log.info(
          { event: 'admin_sign_in', method: 'password', user_id: result.user.id, ip: request.ip },
          'admin signed in',
        )
        return result
      } catch (error) {
        if (error instanceof HttpError)
          request.log.warn(
            {
              event: 'admin_sign_in_refused',
              method: 'password',
              email: request.body.email,
              reason: error.code,
              ip: request.ip,
            },
            'admin sign-in refused',
          )
        throw error
      }
    },
  )

  api.get(
    '/api/session',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['identity'],
        summary: 'The caller: field or admin user, loaded fresh',
        response: { 200: SessionInfo },
      },
    },
    async (request) => {
      const session = request.session!
      return session.kind === 'field'
        ? { kind: 'field' as const, user: session.user, expires_at: session.expiresAt.toISOString() }
        : { kind: 'admin' as const, user: session.user, expires_at: session.expiresAt.toISOString() }
    },
  )

  api.post(
    '/api/logout',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['identity'],
        summary: "Ends the caller's session on the server; the token stops working at once",
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await revokeSession(app.db, request.session!.id)
      return reply.code(204).send(null)
    },
  )
}
