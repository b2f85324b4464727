import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ErrorBody } from '@storageops/contracts/errors'
import {
  OFFICE365_MESSAGES,
  OFFICE365_REDIRECT_PATH,
  Office365CallbackInput,
  Office365CallbackResult,
  Office365StartResult,
} from '@storageops/contracts/office365'
import { FindUserInput, FindUserResult } from '@storageops/contracts/users'
import { areaRoutes } from '../../lib/area-routes.ts'
import { HttpError } from '../../lib/http-error.ts'
import { configureOffice365 } from '../../integrations/office365/configure.ts'
import { loggedAdminSignIn } from './admin-sign-in-log.ts'
import {
  SIGN_IN_TTL_SECONDS,
  findOffice365User,
  finishOffice365SignIn,
  startOffice365SignIn,
} from './office365.service.ts'

const BINDING_COOKIE = 'storageops_office365'
const COOKIE_PATH = '/api/auth/office365'

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return decodeURIComponent(value.join('='))
  }
  return undefined
}

function setBindingCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAge: number) {
  const secure = request.protocol === 'https' ? '; Secure' : ''
  reply.header(
    'set-cookie',
    `${BINDING_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`,
  )
}

/** start → identity provider → /azure → callback (verified here) → POST /api/users/find; logs never hold a code or ticket. */
export function registerOffice365Routes(app: FastifyInstance) {
  const routes = areaRoutes(app, { access: 'public', tag: 'identity' })
  const client = configureOffice365(app)
  const requireClient = () => {
    if (!client) throw new HttpError(503, 'not_configured', OFFICE365_MESSAGES.notConfigured)
    return client
  }

  routes.post(
    '/api/auth/office365/start',
    {
      summary:
        'Starts Login with Office 365: authorization code flow with PKCE, state and nonce; sets a browser-binding cookie',
      response: { 200: Office365StartResult, 503: ErrorBody },
    },
    async (request, reply) => {
      // request.host and protocol follow X-Forwarded-Host/-Proto only from a TRUST_PROXY proxy; outside demo mode OIDC_REDIRECT_URI is set.
      const redirectUri = app.env.OIDC_REDIRECT_URI ?? `${request.protocol}://${request.host}${OFFICE365_REDIRECT_PATH}`
      const { authorizationUrl, binding } = await startOffice365SignIn(app.db, requireClient(), redirectUri)
      setBindingCookie(request, reply, binding, SIGN_IN_TTL_SECONDS)
      request.log.info({ event: 'office365_sign_in_started', ip: request.ip }, 'Office 365 sign-in started')
      return { authorization_url: authorizationUrl }
    },
  )

  routes.post(
    '/api/auth/office365/callback',
    {
      summary:
        "Verifies the identity provider's answer at /azure (code, state, iss): PKCE, state, nonce, issuer, audience, signature. Returns the email and a one-time ticket",
      body: Office365CallbackInput,
      response: { 200: Office365CallbackResult, 400: ErrorBody, 401: ErrorBody, 503: ErrorBody },
    },
    async (request, reply) => {
      setBindingCookie(request, reply, '', 0)
      try {
        const result = await finishOffice365SignIn(
          app.db,
          requireClient(),
          readCookie(request, BINDING_COOKIE),
          request.body,
        )
        request.log.info(
          { event: 'office365_verified', email: result.email, ip: request.ip },
          'Office 365 account verified',
        )
        return result
      } catch (error) {
        if (error instanceof HttpError)
          request.log.warn(
            { event: 'office365_refused', reason: error.extra.reason ?? error.code, ip: request.ip },
            'Office 365 sign-in refused',
          )
        throw error
      }
    },
  )

  routes.post(
    '/api/users/find',
    {
      summary:
        "The user with role for the Office 365 account just verified (email + one-time sso_ticket); 404 'Email not registered. …'",
      body: FindUserInput,
      response: { 200: FindUserResult, 401: ErrorBody, 404: ErrorBody },
    },
    async (request) =>
      loggedAdminSignIn(request, 'office365', request.body.email, () =>
        findOffice365User(app.db, request.body, request.ip, app.env),
      ),
  )
}
