import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { roles, sessions, users } from '../db/schema.ts'
import { createTestContext, type TestContext } from '../test/context.ts'
import { hashToken } from './tokens.ts'

// The session cache (issue 17): sessions are reused between requests, and every change that ends or
// alters one is seen by the next request.
let ctx: TestContext
let superadmin: string
beforeAll(async () => {
  ctx = await createTestContext()
  superadmin = await ctx.signInAdmin('admin@example.com')
}, 120_000)
afterAll(() => ctx.close())

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  ctx.request({ method, url, host: 'admin.localhost', token, ...(payload ? { payload } : {}) })
const status = async (url: string, token: string) => (await call('GET', url, token)).statusCode

let made = 0
/** A new admin user with a new role allowed `pages`, signed in, and its session already cached. */
async function cachedUser(pages: string[]) {
  made++
  const role = (await call('POST', '/api/roles', superadmin, { name: `Cache Role ${made}` })).json<{ id: number }>()
  await call('PUT', '/api/roles', superadmin, { id: role.id, name: `Cache Role ${made}`, allowed_pages: pages })
  const email = `cache.user.${made}@example.com`
  const created = await call('POST', '/api/users', superadmin, {
    email,
    password: 'correct-horse-1',
    firstName: 'Casey',
    lastName: 'Cache',
    role_id: role.id,
  })
  expect(created.statusCode).toBe(201)
  const token = await ctx.signInAdmin(email, 'correct-horse-1')
  expect(await status('/api/session', token)).toBe(200)
  return { token, email, roleId: role.id, user: created.json<Record<string, unknown>>() }
}

describe('through the API of this instance: the next request sees the change', () => {
  test('logout ends the session', async () => {
    const token = await ctx.signInField('pmanager')
    const field = (url: string) => ctx.request({ method: 'GET', url, token })
    expect((await field('/api/session')).statusCode).toBe(200)
    expect((await ctx.request({ method: 'POST', url: '/api/logout', token })).statusCode).toBe(204)
    expect((await field('/api/session')).statusCode).toBe(401)
  })

  test('a disabled user is refused', async () => {
    const { token, user } = await cachedUser(['/locations'])
    expect((await call('PUT', '/api/users', superadmin, { ...user, disabled: true })).statusCode).toBe(200)
    expect(await status('/api/session', token)).toBe(401)
  })

  test("a role's pages changed apply at once", async () => {
    const { token, roleId } = await cachedUser(['/locations'])
    expect(await status('/api/locations?role=admin', token)).toBe(200)
    await call('PUT', '/api/roles', superadmin, { id: roleId, name: 'Cache Role 2', allowed_pages: ['/users'] })
    expect(await status('/api/locations?role=admin', token)).toBe(403)
  })
})

describe('the cached session answers only its own token', () => {
  test('a token one character off, or cut short, is refused while the real one is cached', async () => {
    const { token } = await cachedUser(['/locations'])
    const last = token.at(-1) === 'A' ? 'B' : 'A'
    expect(await status('/api/session', token)).toBe(200)
    expect(await status('/api/session', `${token.slice(0, -1)}${last}`)).toBe(401)
    expect(await status('/api/session', token.slice(0, -1))).toBe(401)
    expect(await status('/api/session', token)).toBe(200)
  })
})

describe('straight in the database (another instance, a job): the database notifies every cache', () => {
  test('a user disabled in SQL is refused', async () => {
    const { token, email } = await cachedUser(['/locations'])
    await ctx.db.update(users).set({ disabled: true }).where(eq(users.email, email))
    await expect.poll(() => status('/api/session', token)).toBe(401)
  })

  test("a role's pages changed in SQL apply", async () => {
    const { token, roleId } = await cachedUser(['/locations'])
    expect(await status('/api/locations?role=admin', token)).toBe(200)
    await ctx.db.update(roles).set({ allowed_pages: [] }).where(eq(roles.id, roleId))
    await expect.poll(() => status('/api/locations?role=admin', token)).toBe(403)
  })

  test('a session revoked in SQL is refused', async () => {
    const { token } = await cachedUser(['/locations'])
    await ctx.db
      .update(sessions)
      .set({ revoked_at: new Date() })
      .where(eq(sessions.token_hash, hashToken(token)))
    await expect.poll(() => status('/api/session', token)).toBe(401)
  })

  test('a cached session is reused: a change nobody announces is not read again at once', async () => {
    const { token } = await cachedUser(['/locations'])
    // Moving the expiry in SQL fires no notification: the cached session still answers, for at most the cache's lifetime.
    await ctx.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(sessions.token_hash, hashToken(token)))
    expect(await status('/api/session', token)).toBe(200)
    // Any write on this instance empties the cache; the expired session is then refused.
    await call('POST', '/api/logout', superadmin)
    expect(await status('/api/session', token)).toBe(401)
  })
})
