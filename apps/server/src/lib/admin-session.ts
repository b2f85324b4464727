import type { FastifyRequest } from 'fastify'
import type { Session } from './session.ts'
import { forbidden } from './http-error.ts'

export type AdminSession = Extract<Session, { kind: 'admin' }>

/** The caller's admin session; 403 for a field-tool session that reached an admin-only action. */
export function adminSessionOf(request: FastifyRequest): AdminSession {
  const session = request.session
  if (!session || session.kind !== 'admin') throw forbidden()
  return session
}
