import { and, count, desc, eq, type SQL } from 'drizzle-orm'
import type { AuditPage, AuditQuery } from '@storageops/contracts/audit'
import type { Db } from '../../db/client.ts'
import { auditLog } from '../../db/schema.ts'

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
