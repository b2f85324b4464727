import { and, eq, gt, sql } from 'drizzle-orm'
import type { AdminUser, FieldUser } from '@storageops/contracts/identity'
import type { Db } from '../../db/client.ts'
import { loginFailures, roles, sessions, users } from '../../db/schema.ts'
import type { Env } from '../../env.ts'
import { tooManyRequests } from '../../lib/http-error.ts'
import { hashToken, newSessionToken } from '../../lib/tokens.ts'

/** A resolved session: who is calling, loaded fresh on every request so role changes apply at once (DESIGN §5). */
export type Session =
  | { id: number; kind: 'field'; user: FieldUser; expiresAt: Date }
  | { id: number; kind: 'admin'; user: AdminUser; expiresAt: Date }

export type SessionLookup =
  { session: Session } | { session: null; reason: 'unknown' | 'expired' | 'revoked' | 'disabled' }

type SessionSettings = Pick<Env, 'SESSION_IDLE_MINUTES' | 'SESSION_ABSOLUTE_HOURS'>
type RateSettings = Pick<Env, 'LOGIN_MAX_FAILURES' | 'LOGIN_WINDOW_MINUTES'>

/** Opens a session and returns its bearer token (shown once, stored only as a hash). Expiry: absolute hours from env. */
export async function createSession(
  db: Db,
  owner: { kind: 'field'; fieldUser: FieldUser } | { kind: 'admin'; userId: number },
  ip: string,
  settings: SessionSettings,
): Promise<{ token: string; expires_at: string }> {
  const token = newSessionToken()
  const expiresAt = new Date(Date.now() + settings.SESSION_ABSOLUTE_HOURS * 3600_000)
  await db.insert(sessions).values({
    token_hash: hashToken(token),
    kind: owner.kind,
    user_id: owner.kind === 'admin' ? owner.userId : null,
    field_user: owner.kind === 'field' ? owner.fieldUser : null,
    ip,
    expires_at: expiresAt,
  })
  return { token, expires_at: expiresAt.toISOString() }
}

/** Maps a users row joined with its role to the API's AdminUser. */
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
 * Finds the live session of a bearer token. Refuses revoked sessions, sessions past their absolute
 * expiry or idle longer than SESSION_IDLE_MINUTES, and sessions of disabled or deleted users.
 */
export async function resolveSession(db: Db, token: string, settings: SessionSettings): Promise<SessionLookup> {
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
  if (now - row.session.last_seen_at.getTime() > 60_000) {
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

/** Ends one session (logout). */
export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, sessionId))
}

/** Ends every session of an admin user (disable, delete, password change). */
export async function revokeUserSessions(db: Db, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(and(eq(sessions.user_id, userId), sql`${sessions.revoked_at} is null`))
}

/** Throws 429 when this account has failed LOGIN_MAX_FAILURES times from this address within the window. */
export async function assertLoginAllowed(db: Db, account: string, ip: string, settings: RateSettings): Promise<void> {
  const since = new Date(Date.now() - settings.LOGIN_WINDOW_MINUTES * 60_000)
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(loginFailures)
    .where(and(eq(loginFailures.account, account.toLowerCase()), eq(loginFailures.ip, ip), gt(loginFailures.at, since)))
  if ((row?.count ?? 0) >= settings.LOGIN_MAX_FAILURES) {
    throw tooManyRequests(
      `Too many failed sign-in attempts. Try again in ${settings.LOGIN_WINDOW_MINUTES} minutes.`,
      settings.LOGIN_WINDOW_MINUTES * 60,
    )
  }
}

/** Counts one failed sign-in of an account from an address. */
export async function recordLoginFailure(db: Db, account: string, ip: string): Promise<void> {
  await db.insert(loginFailures).values({ account: account.toLowerCase(), ip })
}

/** Forgets the failures of an account from an address after a good sign-in. */
export async function clearLoginFailures(db: Db, account: string, ip: string): Promise<void> {
  await db.delete(loginFailures).where(and(eq(loginFailures.account, account.toLowerCase()), eq(loginFailures.ip, ip)))
}
