import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { ADMIN_PAGES } from '@storageops/contracts/admin-pages'
import { users } from '../../db/schema.ts'
import type { AdminSession } from '../../lib/admin-session.ts'
import { useTestContext, type TestContext } from '../../test/context.ts'
import { deleteRole } from './roles.service.ts'

const ctx = useTestContext()
let superadmin: string
beforeAll(async () => {
  superadmin = await ctx.signInAdmin('admin@example.com')
}, 120_000)

const call: TestContext['adminCall'] = (...args) => ctx.adminCall(...args)

type RoleRow = { id: number; name: string; allowed_pages: string[]; assigned_users: number; superadmin: boolean }
const listRoles = async () => (await call('GET', '/api/roles', superadmin)).json<RoleRow[]>()

describe('user roles', () => {
  test('the list has each role with its pages and the count of users holding it', async () => {
    const roles = await listRoles()
    expect(roles.map((role) => role.name)).toEqual(['Superadmin', 'Content Editor', 'Customer Service'])
    expect(roles.find((role) => role.name === 'Customer Service')).toMatchObject({
      assigned_users: 1,
      allowed_pages: ['/locations', '/snapshot', '/lease-terminations'],
    })
  })

  test('a superadmin creates a role with a name and no pages; a taken name is refused', async () => {
    const created = await call('POST', '/api/roles', superadmin, { name: 'Marketing' })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ name: 'Marketing', allowed_pages: [], superadmin: false, assigned_users: 0 })
    const again = await call('POST', '/api/roles', superadmin, { name: 'marketing' })
    expect(again.statusCode).toBe(409)
    expect((await call('POST', '/api/roles', superadmin, { name: '  ' })).statusCode).toBe(400)
  })

  test("renaming a role to another role's name, in any case, is refused: 'A role with this name already exists.'", async () => {
    const created = (await call('POST', '/api/roles', superadmin, { name: 'Night Shift' })).json<RoleRow>()
    const taken = await call('PUT', '/api/roles', superadmin, {
      id: created.id,
      name: 'customer service',
      allowed_pages: [],
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().message).toBe('A role with this name already exists.')
    const recased = await call('PUT', '/api/roles', superadmin, {
      id: created.id,
      name: 'NIGHT SHIFT',
      allowed_pages: [],
    })
    expect(recased.statusCode).toBe(200)
    expect(recased.json()).toMatchObject({ id: created.id, name: 'NIGHT SHIFT', assigned_users: 0 })
  })

  test("a role that does not exist is 404 'Role not found' naming id, on save and delete", async () => {
    const missing = await call('PUT', '/api/roles', superadmin, { id: 999999, name: 'Ghost', allowed_pages: [] })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ message: 'Role not found', field: 'id' })
    const deleted = await call('DELETE', '/api/roles?roleId=999999', superadmin)
    expect(deleted.statusCode).toBe(404)
    expect(deleted.json()).toMatchObject({ message: 'Role not found', field: 'id' })
  })

  test('a saved role answers the count of users holding it and whether it is the CS role', async () => {
    const cs = (await listRoles()).find((role) => role.name === 'Customer Service')!
    expect(cs).toMatchObject({ is_CS_role: true, superadmin: false })
    const saved = await call('PUT', '/api/roles', superadmin, { ...cs, allowed_pages: cs.allowed_pages })
    expect(saved.json()).toMatchObject({ id: cs.id, assigned_users: 1, is_CS_role: true })
  })

  test('saving the whole role stores its pages in the route table order', async () => {
    const created = (await call('POST', '/api/roles', superadmin, { name: 'Reviews Team' })).json<RoleRow>()
    const updated = await call('PUT', '/api/roles', superadmin, {
      id: created.id,
      name: 'Reviews Team',
      allowed_pages: ['/reviews', '/blogs', '/reviews'],
    })
    expect(updated.statusCode).toBe(200)
    expect(updated.json().allowed_pages).toEqual(['/blogs', '/reviews'])
  })

  test('a page that is not an admin page of the route table is refused', async () => {
    const created = (await call('POST', '/api/roles', superadmin, { name: 'Odd Pages' })).json<RoleRow>()
    for (const page of ['/roles', '/homepage', '/anything', '/']) {
      const response = await call('PUT', '/api/roles', superadmin, {
        id: created.id,
        name: 'Odd Pages',
        allowed_pages: [page],
      })
      expect(response.statusCode).toBe(400)
    }
    expect(ADMIN_PAGES).toHaveLength(23)
  })

  test('a role change gives or takes a page on the very next request of its users', async () => {
    const token = await ctx.signInAdmin('cs@example.com')
    const cs = (await listRoles()).find((role) => role.name === 'Customer Service')!
    expect((await call('GET', '/api/settings', token)).statusCode).toBe(403)
    await call('PUT', '/api/roles', superadmin, {
      id: cs.id,
      name: cs.name,
      allowed_pages: [...cs.allowed_pages, '/settings'],
    })
    expect((await call('GET', '/api/settings', token)).statusCode).toBe(200)
    await call('PUT', '/api/roles', superadmin, { id: cs.id, name: cs.name, allowed_pages: cs.allowed_pages })
    expect((await call('GET', '/api/settings', token)).statusCode).toBe(403)
  })

  test('a role in use cannot be deleted: "You can\'t delete this role since this role is being used by users."', async () => {
    const cs = (await listRoles()).find((role) => role.name === 'Customer Service')!
    const response = await call('DELETE', `/api/roles?roleId=${cs.id}`, superadmin)
    expect(response.statusCode).toBe(409)
    expect(response.json().message).toBe("You can't delete this role since this role is being used by users.")
  })

  test('a role a user gets between the check and the delete is still refused as in use', async () => {
    const created = (await call('POST', '/api/roles', superadmin, { name: 'Raced Role' })).json<RoleRow>()
    const [holder] = await ctx.db
      .select({ id: users.id, role_id: users.role_id })
      .from(users)
      .where(eq(users.email, 'editor@example.com'))
    // As if another request gave the role to a user after the count: the assignment lands just before the delete.
    const racing = new Proxy(ctx.db, {
      get(target, property, receiver) {
        if (property !== 'transaction') return Reflect.get(target, property, receiver)
        return (work: (tx: unknown) => Promise<unknown>) =>
          target.transaction((tx) =>
            work(
              new Proxy(tx, {
                get(inner, name, innerReceiver) {
                  const value = Reflect.get(inner, name, innerReceiver) as unknown
                  if (name !== 'delete') return value
                  return (table: unknown) => ({
                    where: async (condition: unknown) => {
                      await tx.update(users).set({ role_id: created.id }).where(eq(users.id, holder!.id))
                      return tx.delete(table as typeof users).where(condition as never)
                    },
                  })
                },
              }),
            ),
          )
      },
    })
    const actor = { kind: 'admin' } as AdminSession
    await expect(deleteRole(racing, created.id, actor)).rejects.toMatchObject({
      statusCode: 409,
      message: "You can't delete this role since this role is being used by users.",
    })
    expect((await listRoles()).find((role) => role.id === created.id)).toMatchObject({ assigned_users: 0 })
    const [after] = await ctx.db.select({ role_id: users.role_id }).from(users).where(eq(users.id, holder!.id))
    expect(after!.role_id).toBe(holder!.role_id)
  })

  test("an unused role is deleted: 'Role was successfully deleted'", async () => {
    const created = (await call('POST', '/api/roles', superadmin, { name: 'Short Lived' })).json<RoleRow>()
    const response = await call('DELETE', `/api/roles?roleId=${created.id}`, superadmin)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'Role was successfully deleted' })
    expect((await listRoles()).some((role) => role.id === created.id)).toBe(false)
    expect((await call('DELETE', `/api/roles?roleId=${created.id}`, superadmin)).statusCode).toBe(404)
  })

  test('only a superadmin changes roles; a role allowed /users may read the list for its role choices', async () => {
    const editor = await ctx.signInAdmin('editor@example.com')
    expect((await call('GET', '/api/roles', editor)).statusCode).toBe(403)
    const roles = await listRoles()
    const editorRole = roles.find((role) => role.name === 'Content Editor')!
    await call('PUT', '/api/roles', superadmin, {
      id: editorRole.id,
      name: editorRole.name,
      allowed_pages: [...editorRole.allowed_pages, '/users'],
    })
    expect((await call('GET', '/api/roles', editor)).statusCode).toBe(200)
    expect((await call('POST', '/api/roles', editor, { name: 'Mine' })).statusCode).toBe(403)
    expect(
      (await call('PUT', '/api/roles', editor, { id: editorRole.id, name: editorRole.name, allowed_pages: ['/roles'] }))
        .statusCode,
    ).toBe(403)
    expect((await call('DELETE', `/api/roles?roleId=${editorRole.id}`, editor)).statusCode).toBe(403)
  })

  test('role writes are audited with before and after', async () => {
    const created = (await call('POST', '/api/roles', superadmin, { name: 'Audited Role' })).json<RoleRow>()
    await call('PUT', '/api/roles', superadmin, { id: created.id, name: 'Audited Role', allowed_pages: ['/faq'] })
    const audit = await call('GET', `/api/audit?entity=role&entity_id=${created.id}`, superadmin)
    expect(audit.json().rows.map((row: { action: string }) => row.action)).toEqual(['update', 'create'])
    expect(audit.json().rows[0]).toMatchObject({
      before: { allowed_pages: [] },
      after: { allowed_pages: ['/faq'] },
      actor_name: 'admin@example.com',
    })
    await call('DELETE', `/api/roles?roleId=${created.id}`, superadmin)
    const deleted = (await call('GET', `/api/audit?entity=role&entity_id=${created.id}`, superadmin)).json().rows[0]
    expect(deleted).toMatchObject({
      action: 'delete',
      before: { name: 'Audited Role', allowed_pages: ['/faq'], assigned_users: 0 },
      after: null,
      actor_name: 'admin@example.com',
    })
  })
})
