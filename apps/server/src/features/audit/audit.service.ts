import { and, count, desc, eq, type SQL } from 'drizzle-orm'
import type { AuditPage, AuditQuery } from '@storageops/contracts/audit'
import type { Db, Tx } from '../../db/client.ts'
import { auditLog } from '../../db/schema.ts'
import type { Session } from '../identity/sessions.service.ts'

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

function actorOf(actor: AuditActor) {
  if (actor.kind === 'system') return { actor_kind: 'system' as const, actor_user_id: null, actor_name: actor.name }
  if (actor.kind === 'field')
    return { actor_kind: 'field' as const, actor_user_id: null, actor_name: actor.user.username }
  return { actor_kind: 'admin' as const, actor_user_id: actor.user.id, actor_name: actor.user.email }
}

/**
 * Records one staff write in the audit log (DESIGN §4). Call it with the transaction of the write
 * itself, so the entry and the change commit or roll back together. `before`/`after` are the entity's
 * rows (null for create/delete); secret fields (password hashes, tokens) are dropped.
 */
export async function recordAudit(
  tx: Tx | Db,
  actor: AuditActor,
  action: string,
  entity: string,
  entityId: string | number | null,
  before: unknown,
  after: unknown,
): Promise<void> {
  await tx.insert(auditLog).values({
    ...actorOf(actor),
    action,
    entity,
    entity_id: entityId === null ? null : String(entityId),
    before: withoutSecrets(before),
    after: withoutSecrets(after),
  })
}

/** Reads the audit log newest first, `limit` rows from `offset`, with the total count for paging. */
export async function listAudit(db: Db, query: AuditQuery): Promise<AuditPage> {
  const filters: SQL[] = []
  if (query.entity) filters.push(eq(auditLog.entity, query.entity))
  if (query.entity_id) filters.push(eq(auditLog.entity_id, query.entity_id))
  if (query.actor_user_id) filters.push(eq(auditLog.actor_user_id, query.actor_user_id))
  const where = filters.length ? and(...filters) : undefined
  const [rows, [total]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(query.limit).offset(query.offset),
    db.select({ value: count() }).from(auditLog).where(where),
  ])
  return {
    rows: rows.map((row) => ({
      ...row,
      at: row.at.toISOString(),
      before: row.before ?? null,
      after: row.after ?? null,
    })),
    count: total?.value ?? 0,
  }
}
