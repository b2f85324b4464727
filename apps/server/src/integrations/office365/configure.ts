import type { FastifyInstance } from 'fastify'
import { createOffice365Client, type Office365Client } from './client.ts'
import { OFFICE365_STAND_IN_PREFIX, mountOffice365StandIn } from './stand-in.ts'

/** OIDC_ISSUER's provider, else the stand-in at /oidc in demo mode, else null (sign-in answers 503); throws on a half-made setup. */
export function configureOffice365(app: FastifyInstance): Office365Client | null {
  const env = app.env
  if (env.OIDC_ISSUER) {
    if (!env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET)
      throw new Error('Invalid settings: OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET')
    return createOffice365Client({
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      scopes: env.OIDC_SCOPES,
    })
  }
  if (!env.demoMode) return null
  const base = (env.PUBLIC_BASE_URL ?? `http://admin.localhost:${env.PORT}`).replace(/\/$/, '')
  const standIn = mountOffice365StandIn(app, { issuer: `${base}${OFFICE365_STAND_IN_PREFIX}` })
  return createOffice365Client({
    issuer: standIn.issuer,
    clientId: standIn.clientId,
    clientSecret: standIn.clientSecret,
    scopes: env.OIDC_SCOPES,
    fetch: standIn.fetch,
  })
}
