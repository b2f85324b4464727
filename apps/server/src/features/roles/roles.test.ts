import { beforeAll, describe, expect, test } from 'vitest'
import { ADMIN_PAGES } from '@storageops/contracts/admin-pages'
import { useTestContext, type TestContext } from '../../test/context.ts'

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
  })
})
