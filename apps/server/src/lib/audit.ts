import type { Db, Tx } from '../db/client.ts'
import { auditLog } from '../db/schema.ts'
import type { Session } from './session.ts'

/** Who made a write: the caller's session, or the system itself (seed, jobs, commands). */
export type AuditActor = Session | { kind: 'system'; name: string }

// Never copied into the log, whatever entity a service hands over.
const SECRET_KEYS = new Set(['password', 'password_hash', 'token', 'token_hash', 'user_token', 'secret'])

function withoutSecrets(value: unknown): unknown {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return value.map(withoutSecrets)
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !SECRET_KEYS.has(key))
        .map(([key, inner]) => [key, withoutSecrets(inner)]),
    )
  }
  return value
}

/** Who acted, as the audit log and every `*_by` column name them: an admin's email, a field user's username, a job's name. */
export function actorName(actor: AuditActor): string {
  if (actor.kind === 'system') return actor.name
  return actor.kind === 'admin' ? actor.user.email : actor.user.username
}

function actorOf(actor: AuditActor) {
  return {
    actor_kind: actor.kind,
    actor_user_id: actor.kind === 'admin' ? actor.user.id : null,
    actor_name: actorName(actor),
  }
}

/** In the write's own transaction (DESIGN §4); secret fields dropped; `actedAt` (device time) kept beside `at`. */
export async function recordAudit(
  tx: Tx | Db,
  actor: AuditActor,
  action: string,
  entity: string,
  entityId: string | number | null,
  before: unknown,
  after: unknown,
  actedAt: Date | null = null,
): Promise<void> {
  await tx.insert(auditLog).values({
    ...actorOf(actor),
    acted_at: actedAt,
    action,
    entity,
    entity_id: entityId === null ? null : String(entityId),
    before: withoutSecrets(before),
    after: withoutSecrets(after),
  })
}
