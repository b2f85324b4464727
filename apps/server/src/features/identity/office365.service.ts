import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Office365CallbackInput, Office365CallbackResult } from '@storageops/contracts/office365'
import { OFFICE365_MESSAGES } from '@storageops/contracts/office365'
import type { FindUserInput, FindUserResult } from '@storageops/contracts/users'
import type { Db } from '../../db/client.ts'
import { oidcSignIns } from '../../db/schema.ts'
import type { Env } from '../../env.ts'
import { HttpError, badRequest, unauthorized } from '../../lib/http-error.ts'
import { hashToken, newSessionToken } from '../../lib/tokens.ts'
import { Office365VerificationError, type Office365Client } from '../../integrations/office365/client.ts'
import { findAdminUserByEmail, openAdminSession } from './sessions.service.ts'

/** How long the browser has to come back from the identity provider. */
export const SIGN_IN_TTL_SECONDS = 10 * 60
/** How long the one-time ticket of a verified sign-in may be redeemed at POST /api/users/find. */
export const TICKET_TTL_SECONDS = 2 * 60

type SessionSettings = Pick<Env, 'SESSION_IDLE_MINUTES' | 'SESSION_ABSOLUTE_HOURS'>

const restart = () =>
  badRequest('This Office 365 sign-in has expired or was started in another browser. Please try again.')

/** Stores state, nonce and PKCE verifier under the hash of the returned browser-binding secret (an HttpOnly cookie). */
export async function startOffice365SignIn(
  db: Db,
  client: Office365Client,
  redirectUri: string,
): Promise<{ authorizationUrl: string; binding: string }> {
  const request = await client.createAuthorizationRequest(redirectUri)
  const binding = newSessionToken()
  await db.delete(oidcSignIns).where(lt(oidcSignIns.expires_at, sql`now() - interval '1 day'`))
  await db.insert(oidcSignIns).values({
    binding_hash: hashToken(binding),
    state: request.state,
    nonce: request.nonce,
    code_verifier: request.codeVerifier,
    redirect_uri: redirectUri,
    expires_at: new Date(Date.now() + SIGN_IN_TTL_SECONDS * 1000),
  })
  return { authorizationUrl: request.url, binding }
}

/** Redeems the code and verifies the ID token. Errors: 400 attempt unknown, used or expired; 401 verification failed. */
export async function finishOffice365SignIn(
  db: Db,
  client: Office365Client,
  binding: string | undefined,
  input: Office365CallbackInput,
): Promise<Office365CallbackResult> {
  if (!binding) throw restart()
  const [attempt] = await db
    .update(oidcSignIns)
    .set({ callback_at: new Date() })
    .where(
      and(
        eq(oidcSignIns.binding_hash, hashToken(binding)),
        isNull(oidcSignIns.callback_at),
        gt(oidcSignIns.expires_at, new Date()),
      ),
    )
    .returning()
  if (!attempt) throw restart()
  let account
  try {
    account = await client.verifyCallback(
      { code: input.code, state: input.state, ...(input.iss ? { iss: input.iss } : {}) },
      {
        redirectUri: attempt.redirect_uri,
        state: attempt.state,
        nonce: attempt.nonce,
        codeVerifier: attempt.code_verifier,
      },
    )
  } catch (error) {
    if (error instanceof Office365VerificationError)
      throw new HttpError(401, 'office365_verification_failed', OFFICE365_MESSAGES.failed, undefined, {
        reason: error.code,
      })
    throw error
  }
  const ticket = newSessionToken()
  await db
    .update(oidcSignIns)
    .set({
      email: account.email,
      subject: account.subject,
      ticket_hash: hashToken(ticket),
      ticket_expires_at: new Date(Date.now() + TICKET_TTL_SECONDS * 1000),
    })
    .where(eq(oidcSignIns.id, attempt.id))
  return { email: account.email, name: account.name, sso_ticket: ticket }
}

/** The ticket is used once and must match the email. Errors: 401 bad or used ticket; 404 no enabled user has the email. */
export async function findOffice365User(
  db: Db,
  input: FindUserInput,
  ip: string,
  settings: SessionSettings,
): Promise<FindUserResult> {
  const [attempt] = await db
    .update(oidcSignIns)
    .set({ ticket_used_at: new Date() })
    .where(
      and(
        eq(oidcSignIns.ticket_hash, hashToken(input.sso_ticket)),
        isNull(oidcSignIns.ticket_used_at),
        gt(oidcSignIns.ticket_expires_at, new Date()),
      ),
    )
    .returning()
  if (!attempt || attempt.email !== input.email)
    throw unauthorized('Office 365 sign-in could not be verified. Please sign in again.')
  const row = await findAdminUserByEmail(db, input.email)
  if (!row || row.user.disabled) throw new HttpError(404, 'email_not_registered', OFFICE365_MESSAGES.emailNotRegistered)
  return openAdminSession(db, row, ip, settings)
}
