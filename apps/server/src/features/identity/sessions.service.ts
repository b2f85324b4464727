import { eq } from 'drizzle-orm'
import type { AdminLoginResult, FieldUser } from '@storageops/contracts/identity'
import type { Db } from '../../db/client.ts'
import { roles, sessions, users } from '../../db/schema.ts'
import { toAdminUser, type SessionSettings } from '../../lib/session.ts'
import { hashToken, newSessionToken } from '../../lib/tokens.ts'

/** The bearer token is returned once and stored only as a hash. */
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

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, sessionId))
}

/** An admin user with its role, by email. */
export async function findAdminUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ user: users, role: roles })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(eq(users.email, email))
    .limit(1)
  return row
}

/** The answer of every admin sign-in (POST /api/auth, POST /api/users/find): a new session and the user with role. */
export async function openAdminSession(
  db: Db,
  found: { user: typeof users.$inferSelect; role: typeof roles.$inferSelect | null },
  ip: string,
  settings: SessionSettings,
): Promise<AdminLoginResult> {
  const session = await createSession(db, { kind: 'admin', userId: found.user.id }, ip, settings)
  return { ...session, user_token: session.token, user: toAdminUser(found.user, found.role) }
}
