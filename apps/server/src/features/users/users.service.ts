import { hash } from '@node-rs/argon2'
import { and, asc, eq, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { CreateUserInput, UpdateUserInput, UserRecord } from '@storageops/contracts/users'
import type { Db, Tx } from '../../db/client.ts'
import { roles, sessions, users } from '../../db/schema.ts'
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error.ts'
import { recordAudit } from '../../lib/audit.ts'
import type { AdminSession } from '../../lib/admin-session.ts'
import { toAdminUser } from '../../lib/session.ts'

type UserRow = typeof users.$inferSelect
type RoleRow = typeof roles.$inferSelect

const SUPERADMIN_ONLY = 'Only a superadmin can create, change or delete superadmin accounts.'

function toUserRecord(user: UserRow, role: RoleRow | null): UserRecord {
  return { ...toAdminUser(user, role), disabled: user.disabled, createdAt: user.createdAt.toISOString() }
}

async function findRole(db: Db | Tx, roleId: number): Promise<RoleRow> {
  const [role] = await db.select().from(roles).where(eq(roles.id, roleId)).limit(1)
  if (!role) throw badRequest('Unknown role.', 'role_id')
  return role
}

async function findUser(db: Db | Tx, userId: number): Promise<{ user: UserRow; role: RoleRow | null }> {
  const [row] = await db
    .select({ user: users, role: roles })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(eq(users.id, userId))
    .limit(1)
  if (!row) throw notFound('User not found', 'id')
  return row
}

// Only a superadmin may touch superadmin accounts, or /users would be a way to make oneself superadmin.
function assertMayManage(actor: AdminSession, ...roleRows: Array<RoleRow | null>) {
  if (actor.user.role?.superadmin) return
  if (roleRows.some((role) => role?.superadmin)) throw forbidden(SUPERADMIN_ONLY)
}

function revokeSessionsOf(tx: Tx, userId: number, keepSessionId?: number) {
  const open = and(eq(sessions.user_id, userId), sql`${sessions.revoked_at} is null`)
  return tx
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(keepSessionId ? and(open, ne(sessions.id, keepSessionId)) : open)
}

export async function listUsers(db: Db): Promise<UserRecord[]> {
  const rows = await db
    .select({ user: users, role: roles })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .orderBy(asc(users.id))
  return rows.map((row) => toUserRecord(row.user, row.role))
}

/** Errors: 400 unknown role; 403 a superadmin role given by a non-superadmin; 409 email taken. */
export async function createUser(
  db: Db,
  input: z.output<typeof CreateUserInput>,
  actor: AdminSession,
): Promise<UserRecord> {
  const passwordHash = await hash(input.password)
  return db.transaction(async (tx) => {
    const role = await findRole(tx, input.role_id)
    assertMayManage(actor, role)
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1)
    if (existing) throw conflict('An account with this email already exists.')
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        password_hash: passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        role_id: role.id,
        is_clerk_role: input.is_clerk_role,
      })
      .returning()
    const record = toUserRecord(user!, role)
    await recordAudit(tx, actor, 'create', 'user', record.id, null, record)
    return record
  })
}

/**
 * Disabling or a new password ends the user's sessions. Errors: 404; 400 a changed email or one's own role or
 * disabled flag; 403 a superadmin account by a non-superadmin.
 */
export async function updateUser(
  db: Db,
  input: z.output<typeof UpdateUserInput>,
  actor: AdminSession,
): Promise<UserRecord> {
  const passwordHash = input.password ? await hash(input.password) : null
  return db.transaction(async (tx) => {
    const before = await findUser(tx, input.id)
    if (input.email !== before.user.email) throw badRequest('The email cannot be changed.', 'email')
    const role = await findRole(tx, input.role_id)
    assertMayManage(actor, before.role, role)
    const isSelf = before.user.id === actor.user.id
    if (isSelf && (input.disabled || role.id !== before.user.role_id)) {
      throw badRequest(
        "You can't change your own role or disable your own account.",
        input.disabled ? 'disabled' : 'role_id',
      )
    }
    const [user] = await tx
      .update(users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        role_id: role.id,
        is_clerk_role: input.is_clerk_role,
        disabled: input.disabled,
        ...(passwordHash ? { password_hash: passwordHash } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, input.id))
      .returning()
    if (input.disabled || passwordHash) await revokeSessionsOf(tx, input.id, isSelf ? actor.id : undefined)
    const record = toUserRecord(user!, role)
    await recordAudit(tx, actor, 'update', 'user', record.id, toUserRecord(before.user, before.role), {
      ...record,
      ...(passwordHash ? { password_changed: true } : {}),
    })
    return record
  })
}

/** Its sessions go with it. Errors: 404; 400 one's own account; 403 a superadmin account by a non-superadmin. */
export async function deleteUser(db: Db, userId: number, actor: AdminSession): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findUser(tx, userId)
    if (before.user.id === actor.user.id) throw badRequest("You can't delete your own account.", 'userId')
    assertMayManage(actor, before.role)
    await tx.delete(users).where(eq(users.id, userId))
    await recordAudit(tx, actor, 'delete', 'user', userId, toUserRecord(before.user, before.role), null)
  })
}
