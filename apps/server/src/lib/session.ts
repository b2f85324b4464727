import { eq } from 'drizzle-orm'
import type { AdminUser, FieldUser } from '@storageops/contracts/identity'
import type { Db } from '../db/client.ts'
import { roles, sessions, users } from '../db/schema.ts'
import type { Env } from '../env.ts'
import { hashToken } from './tokens.ts'

/** A resolved session: who is calling, loaded fresh on every request so role changes apply at once (DESIGN §5). */
export type Session =
  | { id: number; kind: 'field'; user: FieldUser; expiresAt: Date }
  | { id: number; kind: 'admin'; user: AdminUser; expiresAt: Date }

export type SessionLookup =
  { session: Session } | { session: null; reason: 'unknown' | 'expired' | 'revoked' | 'disabled' }

export type SessionSettings = Pick<Env, 'SESSION_IDLE_MINUTES' | 'SESSION_ABSOLUTE_HOURS'>

export function toAdminUser(user: typeof users.$inferSelect, role: typeof roles.$inferSelect | null): AdminUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role_id: user.role_id,
    role: role
      ? {
          id: role.id,
          name: role.name,
          superadmin: role.superadmin,
          allowed_pages: role.allowed_pages,
          is_CS_role: role.is_CS_role,
        }
      : null,
    is_clerk_role: user.is_clerk_role,
    is_CS_role: role?.is_CS_role ?? false,
  }
}

/**
 * Refuses revoked, expired (absolute or idle) sessions and those of disabled or deleted users. `touch: false` checks
 * without counting as the user's activity (a connected live page is not: its session still ends when idle).
 */
export async function resolveSession(
  db: Db,
  token: string,
  settings: SessionSettings,
  { touch = true }: { touch?: boolean } = {},
): Promise<SessionLookup> {
  const [row] = await db
    .select({ session: sessions, user: users, role: roles })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.user_id))
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(eq(sessions.token_hash, hashToken(token)))
    .limit(1)
  if (!row) return { session: null, reason: 'unknown' }
  const now = Date.now()
  if (row.session.revoked_at) return { session: null, reason: 'revoked' }
  const idleLimit = row.session.last_seen_at.getTime() + settings.SESSION_IDLE_MINUTES * 60_000
  if (row.session.expires_at.getTime() <= now || idleLimit <= now) return { session: null, reason: 'expired' }
  if (touch && now - row.session.last_seen_at.getTime() > 60_000) {
    await db
      .update(sessions)
      .set({ last_seen_at: new Date(now) })
      .where(eq(sessions.id, row.session.id))
  }
  if (row.session.kind === 'field') {
    return {
      session: { id: row.session.id, kind: 'field', user: row.session.field_user!, expiresAt: row.session.expires_at },
    }
  }
  if (!row.user || row.user.disabled) return { session: null, reason: 'disabled' }
  return {
    session: {
      id: row.session.id,
      kind: 'admin',
      user: toAdminUser(row.user, row.role),
      expiresAt: row.session.expires_at,
    },
  }
}
