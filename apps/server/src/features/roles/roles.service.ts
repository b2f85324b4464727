import { asc, count, eq, sql } from 'drizzle-orm'
import {
  ROLE_MESSAGES,
  ROLE_PAGE_PATHS,
  type CreateRoleInput,
  type RoleWithUsers,
  type UpdateRoleInput,
} from '@storageops/contracts/roles'
import type { Db, Tx } from '../../db/client.ts'
import { roles, users } from '../../db/schema.ts'
import type { AdminSession } from '../../lib/admin-session.ts'
import { isForeignKeyViolation } from '../../lib/db-errors.ts'
import { conflict, notFound } from '../../lib/http-error.ts'
import { recordAudit } from '../../lib/audit.ts'

type RoleRow = typeof roles.$inferSelect

function toRole(role: RoleRow, assignedUsers: number): RoleWithUsers {
  return {
    id: role.id,
    name: role.name,
    superadmin: role.superadmin,
    allowed_pages: role.allowed_pages,
    is_CS_role: role.is_CS_role,
    assigned_users: assignedUsers,
  }
}

async function countUsersOf(db: Db | Tx, roleId: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users).where(eq(users.role_id, roleId))
  return row?.value ?? 0
}

async function assertNameFree(db: Db | Tx, name: string, exceptId?: number) {
  const [clash] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(sql`lower(${roles.name}) = lower(${name})`)
    .limit(1)
  if (clash && clash.id !== exceptId) throw conflict(ROLE_MESSAGES.duplicateName)
}

async function findRole(db: Db | Tx, roleId: number): Promise<RoleRow> {
  const [role] = await db.select().from(roles).where(eq(roles.id, roleId)).limit(1)
  if (!role) throw notFound('Role not found', 'id')
  return role
}

export async function listRoles(db: Db): Promise<RoleWithUsers[]> {
  const rows = await db
    .select({ role: roles, assigned: sql<number>`count(${users.id})::int` })
    .from(roles)
    .leftJoin(users, eq(users.role_id, roles.id))
    .groupBy(roles.id)
    .orderBy(asc(roles.id))
  return rows.map((row) => toRole(row.role, row.assigned))
}

/** 409 on a taken name. */
export async function createRole(db: Db, input: CreateRoleInput, actor: AdminSession): Promise<RoleWithUsers> {
  return db.transaction(async (tx) => {
    await assertNameFree(tx, input.name)
    const [role] = await tx.insert(roles).values({ name: input.name, allowed_pages: [] }).returning()
    const record = toRole(role!, 0)
    await recordAudit(tx, actor, 'create', 'role', record.id, null, record)
    return record
  })
}

/** Pages kept in the route table's order; holders get them on their next request. Errors: 404, 409 taken name. */
export async function updateRole(db: Db, input: UpdateRoleInput, actor: AdminSession): Promise<RoleWithUsers> {
  return db.transaction(async (tx) => {
    const before = await findRole(tx, input.id)
    await assertNameFree(tx, input.name, input.id)
    const pages = ROLE_PAGE_PATHS.filter((page) => input.allowed_pages.includes(page))
    const [role] = await tx
      .update(roles)
      .set({ name: input.name, allowed_pages: pages, updatedAt: new Date() })
      .where(eq(roles.id, input.id))
      .returning()
    const record = toRole(role!, await countUsersOf(tx, input.id))
    await recordAudit(tx, actor, 'update', 'role', record.id, toRole(before, record.assigned_users), record)
    return record
  })
}

/** 409 while any user holds the role, also when one got it meanwhile (spec: admin-console-part-2 §5). */
export async function deleteRole(db: Db, roleId: number, actor: AdminSession): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const before = await findRole(tx, roleId)
      if ((await countUsersOf(tx, roleId)) > 0) throw conflict(ROLE_MESSAGES.inUse)
      await tx.delete(roles).where(eq(roles.id, roleId))
      await recordAudit(tx, actor, 'delete', 'role', roleId, toRole(before, 0), null)
    })
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict(ROLE_MESSAGES.inUse)
    throw error
  }
}
