import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { auditLog } from '../../db/schema.ts'
import { useTestContext, type TestContext } from '../../test/context.ts'

const ctx = useTestContext()
let superadmin: string
let editor: string
let roleIds: Record<string, number>
beforeAll(async () => {
  superadmin = await ctx.signInAdmin('admin@example.com')
  editor = await ctx.signInAdmin('editor@example.com')
  const roles = (
    await ctx.request({ method: 'GET', url: '/api/roles', host: 'admin.localhost', token: superadmin })
  ).json<Array<{ id: number; name: string }>>()
  roleIds = Object.fromEntries(roles.map((role) => [role.name, role.id]))
  // Content Editor may manage users in these tests.
  await ctx.request({
    method: 'PUT',
    url: '/api/roles',
    host: 'admin.localhost',
    token: superadmin,
    payload: { id: roleIds['Content Editor'], name: 'Content Editor', allowed_pages: ['/locations', '/users'] },
  })
}, 120_000)

const call: TestContext['adminCall'] = (...args) => ctx.adminCall(...args)

const newUser = (email: string, role = 'Customer Service') => ({
  email,
  password: 'correct-horse-1',
  firstName: 'Jamie',
  lastName: 'Rivera',
  role_id: roleIds[role]!,
})

describe('users list and create', () => {
  test('the list shows first name, last name, email and role of every user', async () => {
    const response = await call('GET', '/api/users', superadmin)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          email: 'editor@example.com',
          firstName: 'Emerson',
          lastName: 'Lowry',
          role: expect.objectContaining({ name: 'Content Editor' }),
          disabled: false,
        }),
      ]),
    )
    expect(JSON.stringify(response.json())).not.toMatch(/password/)
  })

  test('a created user can sign in with the given password', async () => {
    const created = await call('POST', '/api/users', superadmin, newUser('New.Person@Example.com'))
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ email: 'new.person@example.com', role: { name: 'Customer Service' } })
    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth',
      host: 'admin.localhost',
      payload: { email: 'new.person@example.com', password: 'correct-horse-1' },
    })
    expect(login.statusCode).toBe(200)
  })

  test("a user without email or password is refused with 'Please fill in all the required fields.'", async () => {
    for (const payload of [
      { ...newUser(''), email: '' },
      { ...newUser('x@example.com'), password: '' },
      { firstName: 'a' },
    ]) {
      const response = await call('POST', '/api/users', superadmin, payload)
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toMatch(/Please fill in all the required fields\.$/)
    }
  })

  test("a role that does not exist is refused with 'Unknown role.' naming role_id", async () => {
    const response = await call('POST', '/api/users', superadmin, {
      ...newUser('no.role@example.com'),
      role_id: 999999,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ message: 'Unknown role.', field: 'role_id' })
    const users = (await call('GET', '/api/users', superadmin)).json<Array<{ email: string }>>()
    expect(users.some((user) => user.email === 'no.role@example.com')).toBe(false)
  })

  test('a taken email is refused with 409 and a message', async () => {
    const response = await call('POST', '/api/users', superadmin, newUser('editor@example.com'))
    expect(response.statusCode).toBe(409)
    expect(response.json().message).toBe('An account with this email already exists.')
  })

  test('a non-superadmin with /users cannot create a superadmin account', async () => {
    const response = await call('POST', '/api/users', editor, newUser('sneaky@example.com', 'Superadmin'))
    expect(response.statusCode).toBe(403)
    expect(response.json().message).toBe('Only a superadmin can create, change or delete superadmin accounts.')
    const ok = await call('POST', '/api/users', editor, newUser('helper@example.com', 'Customer Service'))
    expect(ok.statusCode).toBe(201)
  })
})

describe('user update and delete', () => {
  async function createUser(email: string, role = 'Customer Service') {
    const response = await call('POST', '/api/users', superadmin, newUser(email, role))
    expect(response.statusCode).toBe(201)
    return response.json<{ id: number; email: string; role_id: number; firstName: string; lastName: string }>()
  }

  test('names and role change; the email cannot', async () => {
    const user = await createUser('rename.me@example.com')
    const updated = await call('PUT', '/api/users', superadmin, {
      ...user,
      firstName: 'Riley',
      role_id: roleIds['Content Editor'],
    })
    expect(updated.statusCode).toBe(200)
    expect(updated.json()).toMatchObject({ firstName: 'Riley', role: { name: 'Content Editor' } })
    const changedEmail = await call('PUT', '/api/users', superadmin, { ...user, email: 'other@example.com' })
    expect(changedEmail.statusCode).toBe(400)
    expect(changedEmail.json()).toMatchObject({ message: 'The email cannot be changed.', field: 'email' })
  })

  test("an update without a password keeps the password; an unknown role is refused with 'Unknown role.'", async () => {
    const user = await createUser('keep.password@example.com')
    expect((await call('PUT', '/api/users', superadmin, { ...user, lastName: 'Kept' })).statusCode).toBe(200)
    await expect(ctx.signInAdmin('keep.password@example.com', 'correct-horse-1')).resolves.toBeTruthy()
    const unknownRole = await call('PUT', '/api/users', superadmin, { ...user, role_id: 999999 })
    expect(unknownRole.statusCode).toBe(400)
    expect(unknownRole.json()).toMatchObject({ message: 'Unknown role.', field: 'role_id' })
  })

  test("an unknown user is 404 'User not found' naming id, on update and delete", async () => {
    const user = await createUser('gone.user@example.com')
    expect((await call('DELETE', `/api/users?userId=${user.id}`, superadmin)).statusCode).toBe(200)
    const update = await call('PUT', '/api/users', superadmin, user)
    expect(update.statusCode).toBe(404)
    expect(update.json()).toMatchObject({ message: 'User not found', field: 'id' })
    const deleted = await call('DELETE', `/api/users?userId=${user.id}`, superadmin)
    expect(deleted.statusCode).toBe(404)
    expect(deleted.json()).toMatchObject({ message: 'User not found', field: 'id' })
  })

  test('a superadmin makes another superadmin, who keeps the session they change their own password in', async () => {
    const user = await createUser('second.admin@example.com', 'Superadmin')
    const current = await ctx.signInAdmin('second.admin@example.com', 'correct-horse-1')
    const other = await ctx.signInAdmin('second.admin@example.com', 'correct-horse-1')
    const changed = await call('PUT', '/api/users', current, { ...user, password: 'battery-staple-9' })
    expect(changed.statusCode).toBe(200)
    expect((await call('GET', '/api/session', current)).statusCode).toBe(200)
    expect((await call('GET', '/api/session', other)).statusCode).toBe(401)
  })

  test('a blank email on update is refused with "Email can\'t be blank."', async () => {
    const user = await createUser('blank.email@example.com')
    const response = await call('PUT', '/api/users', superadmin, { ...user, email: '   ' })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toMatch(/Email can't be blank\.$/)
  })

  test("a role change applies to the user's very next request", async () => {
    const user = await createUser('role.change@example.com', 'Content Editor')
    const token = await ctx.signInAdmin('role.change@example.com', 'correct-horse-1')
    expect((await call('GET', '/api/users', token)).statusCode).toBe(200)
    await call('PUT', '/api/users', superadmin, { ...user, role_id: roleIds['Customer Service'] })
    expect((await call('GET', '/api/users', token)).statusCode).toBe(403)
  })

  test('disabling a user ends its sessions at once and refuses its next sign-in', async () => {
    const user = await createUser('disable.me@example.com')
    const token = await ctx.signInAdmin('disable.me@example.com', 'correct-horse-1')
    expect((await call('GET', '/api/session', token)).statusCode).toBe(200)
    expect((await call('PUT', '/api/users', superadmin, { ...user, disabled: true })).json()).toMatchObject({
      disabled: true,
    })
    expect((await call('GET', '/api/session', token)).statusCode).toBe(401)
    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth',
      host: 'admin.localhost',
      remoteAddress: '10.9.0.1',
      payload: { email: 'disable.me@example.com', password: 'correct-horse-1' },
    })
    expect(login.statusCode).toBe(401)
  })

  test('a new password replaces the old one and ends the old sessions', async () => {
    const user = await createUser('new.password@example.com')
    const token = await ctx.signInAdmin('new.password@example.com', 'correct-horse-1')
    expect((await call('PUT', '/api/users', superadmin, { ...user, password: 'battery-staple-2' })).statusCode).toBe(
      200,
    )
    expect((await call('GET', '/api/session', token)).statusCode).toBe(401)
    await expect(ctx.signInAdmin('new.password@example.com', 'battery-staple-2')).resolves.toBeTruthy()
  })

  test("a deleted user's token is refused on its very next request", async () => {
    const user = await createUser('delete.me@example.com')
    const token = await ctx.signInAdmin('delete.me@example.com', 'correct-horse-1')
    const deleted = await call('DELETE', `/api/users?userId=${user.id}`, superadmin)
    expect(deleted.statusCode).toBe(200)
    expect(deleted.json()).toEqual({ message: 'User was successfully deleted' })
    expect((await call('GET', '/api/session', token)).statusCode).toBe(401)
    expect((await call('DELETE', `/api/users?userId=${user.id}`, superadmin)).statusCode).toBe(404)
  })

  test('nobody deletes, disables or re-roles their own account', async () => {
    const users = (await call('GET', '/api/users', superadmin)).json<Array<{ id: number; email: string }>>()
    const me = users.find((user) => user.email === 'admin@example.com')!
    const deleted = await call('DELETE', `/api/users?userId=${me.id}`, superadmin)
    expect(deleted.statusCode).toBe(400)
    expect(deleted.json()).toMatchObject({ message: "You can't delete your own account.", field: 'userId' })
    const disabled = await call('PUT', '/api/users', superadmin, { ...me, disabled: true })
    expect(disabled.statusCode).toBe(400)
    expect(disabled.json()).toMatchObject({
      message: "You can't change your own role or disable your own account.",
      field: 'disabled',
    })
    const reRoled = await call('PUT', '/api/users', superadmin, { ...me, role_id: roleIds['Customer Service'] })
    expect(reRoled.statusCode).toBe(400)
    expect(reRoled.json()).toMatchObject({
      message: "You can't change your own role or disable your own account.",
      field: 'role_id',
    })
    // A user who manages users may not re-role themselves either.
    const editorUser = users.find((user) => user.email === 'editor@example.com')!
    const editorReRoled = await call('PUT', '/api/users', editor, {
      ...editorUser,
      role_id: roleIds['Customer Service'],
    })
    expect(editorReRoled.statusCode).toBe(400)
    expect(editorReRoled.json()).toMatchObject({ field: 'role_id' })
    // Nothing changed.
    const after = (await call('GET', '/api/users', superadmin)).json<Array<Record<string, unknown>>>()
    expect(after.find((user) => user.email === 'admin@example.com')).toMatchObject({
      id: me.id,
      disabled: false,
      role: expect.objectContaining({ name: 'Superadmin' }),
    })
    expect(after.find((user) => user.email === 'editor@example.com')).toMatchObject({
      disabled: false,
      role: expect.objectContaining({ name: 'Content Editor' }),
    })
  })

  test('a non-superadmin cannot edit or delete a superadmin account', async () => {
    const users = (await call('GET', '/api/users', superadmin)).json<Array<{ id: number; email: string }>>()
    const admin = users.find((user) => user.email === 'admin@example.com')!
    const edited = await call('PUT', '/api/users', editor, { ...admin, disabled: true })
    expect(edited.statusCode).toBe(403)
    expect(edited.json().message).toBe('Only a superadmin can create, change or delete superadmin accounts.')
    const deleted = await call('DELETE', `/api/users?userId=${admin.id}`, editor)
    expect(deleted.statusCode).toBe(403)
    expect(deleted.json().message).toBe('Only a superadmin can create, change or delete superadmin accounts.')
    const user = await createUser('promote.me@example.com')
    const promoted = await call('PUT', '/api/users', editor, { ...user, role_id: roleIds.Superadmin })
    expect(promoted.statusCode).toBe(403)
    expect(promoted.json().message).toBe('Only a superadmin can create, change or delete superadmin accounts.')
  })

  test('every write is in the audit log with actor, before and after, and never a password hash', async () => {
    const user = await createUser('audited@example.com')
    await call('PUT', '/api/users', superadmin, { ...user, lastName: 'Audited', password: 'new-password-3' })
    await call('DELETE', `/api/users?userId=${user.id}`, superadmin)
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(user.id)))
    const userRows = rows.filter((row) => row.entity === 'user')
    expect(userRows.map((row) => row.action)).toEqual(['create', 'update', 'delete'])
    expect(userRows.every((row) => row.actor_name === 'admin@example.com' && row.actor_kind === 'admin')).toBe(true)
    expect(userRows[1]!.before).toMatchObject({ lastName: 'Rivera' })
    expect(userRows[1]!.after).toMatchObject({ lastName: 'Audited', password_changed: true })
    expect(userRows[2]!.after).toBeNull()
    expect(JSON.stringify(rows)).not.toMatch(/argon2|password_hash|correct-horse|new-password-3/)
  })

  test('a write that fails leaves neither the change nor an audit entry', async () => {
    const before = (await ctx.db.select().from(auditLog)).length
    expect((await call('POST', '/api/users', superadmin, newUser('editor@example.com'))).statusCode).toBe(409)
    expect((await ctx.db.select().from(auditLog)).length).toBe(before)
  })
})
