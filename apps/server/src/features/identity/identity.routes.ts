import type { FastifyInstance } from 'fastify'
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
import { SsmGetAllUnitsCall, SsmGetUnitsListCall, SsmTablesResult } from '@storageops/contracts/lease-terminations'
import { areaRoutes } from '../../lib/area-routes.ts'
import { HttpError, forbidden, unauthorized } from '../../lib/http-error.ts'
import { decideAccess, type Access } from '../../plugins/auth.ts'
import { callSsmUnits } from '../lease-terminations/ssm-units.service.ts'
import { loggedAdminSignIn } from './admin-sign-in-log.ts'
import { revokeSession } from './sessions.service.ts'
import { signInAdmin, signInField } from './sign-in.service.ts'

const SSM_UNITS_ACCESS: Access = { pages: ['/lease-terminations'] }
const SsmCallInput = z.discriminatedUnion('service_name', [SsmLoginInput, SsmGetAllUnitsCall, SsmGetUnitsListCall], {
  error: 'Unsupported service_name: ValidateSSMLogin, GetAllUnits or GetUnitsList',
})

export function registerIdentityRoutes(app: FastifyInstance) {
  const routes = areaRoutes(app, { access: 'public', tag: 'identity' })

  routes.post(
    '/api/ssm',
    {
      summary:
        'Storage-management system calls by service_name: ValidateSSMLogin (field-tool sign-in, public); GetAllUnits and GetUnitsList (admin page /lease-terminations)',
      body: SsmCallInput,
      response: {
        200: z.union([SsmLoginResult, SsmTablesResult]),
        401: SsmLoginFailure.or(ErrorBody),
        403: ErrorBody,
        404: ErrorBody,
        429: ErrorBody,
        502: ErrorBody,
      },
    },
    async (request) => {
      if (request.body.service_name !== 'ValidateSSMLogin') {
        // Unit calls serve the Generate Lease Termination form: the page's permission, checked here since the route is shared with sign-in.
        const decision = decideAccess(SSM_UNITS_ACCESS, request.session)
        if (decision === 401) throw unauthorized()
        if (decision === 403) throw forbidden()
        return callSsmUnits(app.db, app.ssm, request.body)
      }
      const login = request.body
      try {
        const result = await signInField(app.db, app.ssm, login, request.ip, app.env)
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
              username: login.xml_body.LoginKeyed,
              reason: error.code,
              ip: request.ip,
            },
            'field sign-in refused',
          )
        throw error
      }
    },
  )

  routes.post(
    '/api/auth',
    {
      summary: 'Admin sign-in with email and password; 401 "Please enter a valid email and password"',
      body: AdminLoginInput,
      response: { 200: AdminLoginResult, 401: ErrorBody, 429: ErrorBody },
    },
    async (request) =>
      loggedAdminSignIn(request, 'password', request.body.email, () =>
        signInAdmin(app.db, request.body, request.ip, app.env),
      ),
  )

  routes.get(
    '/api/session',
    {
      config: { access: 'signed-in' },
      summary: 'The caller: field or admin user, loaded fresh',
      response: { 200: SessionInfo },
    },
    async (request) => {
      const session = request.session!
      return session.kind === 'field'
        ? { kind: 'field' as const, user: session.user, expires_at: session.expiresAt.toISOString() }
        : { kind: 'admin' as const, user: session.user, expires_at: session.expiresAt.toISOString() }
    },
  )

  routes.post(
    '/api/logout',
    {
      config: { access: 'signed-in' },
      summary: "Ends the caller's session on the server; the token stops working at once",
      response: { 204: z.null() },
    },
    async (request, reply) => {
      await revokeSession(app.db, request.session!.id)
      return reply.code(204).send(null)
    },
  )
}
