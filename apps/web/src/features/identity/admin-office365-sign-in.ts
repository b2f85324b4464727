import { OFFICE365_MESSAGES } from '@storageops/contracts/office365'
import { ApiError } from '../../lib/api.ts'
import { clearSession, writeSession } from '../../lib/session.ts'
import { verifyOffice365Callback } from './api/admin-office365-callback.ts'
import { findAdminUser } from './api/admin-find-user.ts'

/** What the identity provider put on the /azure URL. */
export type Office365Return =
  { kind: 'code'; code: string; state: string; iss?: string } | { kind: 'error'; error: string } | { kind: 'none' }

export function readOffice365Return(search: string): Office365Return {
  const params = new URLSearchParams(search)
  const error = params.get('error')
  if (error) return { kind: 'error', error }
  const code = params.get('code')
  const state = params.get('state')
  if (code && state) return { kind: 'code', code, state, ...(params.get('iss') ? { iss: params.get('iss')! } : {}) }
  return { kind: 'none' }
}

/** The banner for a provider's error: the spec's 'Email not registered…', or Cancel's own (`access_denied`, issue 18). */
export const providerErrorMessage = (error: string): string =>
  error === 'access_denied' ? OFFICE365_MESSAGES.cancelled : OFFICE365_MESSAGES.emailNotRegistered

/** Finishes Login with Office 365 on /azure (spec part-2 §2, §8); on failure clears local storage and throws the message. */
export async function completeOffice365SignIn(answer: Office365Return): Promise<void> {
  try {
    if (answer.kind === 'error') throw new Error(providerErrorMessage(answer.error))
    if (answer.kind === 'none') throw new Error(OFFICE365_MESSAGES.failed)
    const verified = await verifyOffice365Callback({
      code: answer.code,
      state: answer.state,
      ...(answer.iss ? { iss: answer.iss } : {}),
    })
    const { token, expires_at, user } = await findAdminUser({ email: verified.email, sso_ticket: verified.sso_ticket })
    writeSession('admin', { token, expires_at, user })
  } catch (error) {
    clearSession('admin')
    if (error instanceof ApiError && error.status === 404) throw new Error(OFFICE365_MESSAGES.emailNotRegistered)
    throw error instanceof Error ? error : new Error(OFFICE365_MESSAGES.failed)
  }
}
