import { useMutation } from '@tanstack/react-query'
import type { SsmLoginResult } from '@storageops/contracts/identity'
import { api, ApiError } from '../../../lib/api.ts'
import { FIELD_SIGN_IN, fieldSignInBody } from '../../../lib/field-sign-in.ts'
import { writeSession } from '../../../lib/session.ts'

export interface FieldCredentials {
  username: string
  password: string
  /** This sign-in, already sent by the prerendered login before the app ran (decision 010): its answer is read. */
  sent?: Promise<Response>
}

export function signInField({ username, password, sent }: FieldCredentials) {
  return api.post<SsmLoginResult>(FIELD_SIGN_IN.path, fieldSignInBody(username, password), undefined, { sent })
}

/** The text of a failed sign-in: the system's ErrorMessage, else the error's message (spec: snapshot-field-tool §8). */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const list = error.body.ErrorMessage
    const first = Array.isArray(list) && typeof list[0] === 'string' ? list[0] : undefined
    return first ?? error.message
  }
  return error instanceof Error ? error.message : 'Sign-in failed. Please try again.'
}

/** Signs in and stores the user with its token; the stored session is what the rest of the app reads (spec: snapshot-field-tool §4). */
export function useSignInField() {
  return useMutation({
    mutationFn: signInField,
    onSuccess: ({ token, expires_at, user }) => writeSession('field', { token, expires_at, user }),
  })
}
