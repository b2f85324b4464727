import { z } from 'zod'
import { idParam, intParam, text } from './primitives.ts'

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor_kind: z.enum(['field', 'admin', 'system']),
  actor_user_id: z.number().int().nullable(),
  actor_name: z.string(),
  action: z.string().describe('create, update, delete, publish, …'),
  entity: z.string().describe('table or concept: user, role, setting, content, …'),
  entity_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
})
export type AuditEntry = z.infer<typeof AuditEntry>

export const AuditQuery = z.object({
  limit: intParam().min(1).max(200).default(50),
  offset: intParam().min(0).default(0),
  entity: text().trim().min(1).max(64).optional(),
  entity_id: text().trim().min(1).max(128).optional(),
  actor_user_id: idParam().optional(),
})
export type AuditQuery = z.infer<typeof AuditQuery>

export const AuditPage = z.object({ rows: z.array(AuditEntry), count: z.number().int() })
export type AuditPage = z.infer<typeof AuditPage>
