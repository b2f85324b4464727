import type { FastifyRequest } from 'fastify'
import { HttpError } from '../../lib/http-error.ts'

/** Logs an admin sign-in's outcome: `admin_sign_in` with the user id, or `admin_sign_in_refused` with email and reason. */
export async function loggedAdminSignIn<T extends { user: { id: number } }>(
  request: FastifyRequest,
  method: 'password' | 'office365',
  email: string,
  signIn: () => Promise<T>,
): Promise<T> {
  try {
    const result = await signIn()
    request.log.info({ event: 'admin_sign_in', method, user_id: result.user.id, ip: request.ip }, 'admin signed in')
    return result
  } catch (error) {
    if (error instanceof HttpError)
      request.log.warn(
        { event: 'admin_sign_in_refused', method, email, reason: error.code, ip: request.ip },
        'admin sign-in refused',
      )
    throw error
  }
}
