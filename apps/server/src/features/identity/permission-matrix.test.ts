import Fastify from 'fastify'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, test } from 'vitest'
import type { FieldUser } from '@storageops/contracts/identity'
import { roles, sessions, users } from '../../db/schema.ts'
import { registerAuth, type Access } from '../../plugins/auth.ts'
import { DEMO_ROLES } from '../../seed/seed.ts'
import { createTestContext } from '../../test/context.ts'
import { createSession } from './sessions.service.ts'

/**
 * The generated permission matrix (issue 3; DESIGN §5): every registered /api route × every kind of
 * caller gets exactly 401, 403 or "allowed" (anything else) as the route's declared access says. The
 * expectation is written out here from the roles' pages, not computed by the code under test.
 */
const ctx = await createTestContext()
afterAll(() => ctx.close())

type Persona =
  | 'no token'
  | 'expired token'
  | 'revoked token'
  | 'field-tool user'
  | 'superadmin'
  | 'Content Editor'
  | 'Customer Service'
  | 'role with no pages'
type Outcome = 401 | 403 | 'allowed'

const pagesOf = (name: string) => DEMO_ROLES.find((role) => role.name === name)!.allowed_pages
const ADMIN_PERSONAS = {
  superadmin: 'admin@example.com',
  'Content Editor': 'editor@example.com',
  'Customer Service': 'cs@example.com',
  'role with no pages': 'nopages@example.com',
} as const
const ROLE_PAGES: Record<'Content Editor' | 'Customer Service' | 'role with no pages', readonly string[]> = {
  'Content Editor': pagesOf('Content Editor'),
  'Customer Service': pagesOf('Customer Service'),
  'role with no pages': [],
}
const FIELD_USER: FieldUser = {
  username: 'csagent',
  full_name: 'Casey Agent',
  email: 'csagent@example.com',
  role: 'customer_service',
}

function expectedOutcome(access: Access, persona: Persona): Outcome {
  // The matrix calls from another machine (10.0.0.3) and sets no METRICS_TOKEN: no session opens the metrics.
  if (access === 'metrics') return 403
  if (access === 'public') return 'allowed'
  if (persona === 'no token' || persona === 'expired token' || persona === 'revoked token') return 401
  if (access === 'signed-in') return 'allowed'
  if (persona === 'field-tool user')
    return access !== 'superadmin' && access.fieldTool !== false && access.pages.includes('/snapshot') ? 'allowed' : 403
  if (access !== 'superadmin' && access.adminConsole === false) return 403
  if (persona === 'superadmin') return 'allowed'
  if (access === 'superadmin') return 403
  return access.pages.some((page) => ROLE_PAGES[persona].includes(page)) ? 'allowed' : 403
}

const [noPagesRole] = await ctx.db.insert(roles).values({ name: 'No Pages', allowed_pages: [] }).returning()
await ctx.db
  .insert(users)
  .values({ email: 'nopages@example.com', firstName: 'No', lastName: 'Pages', role_id: noPagesRole!.id })
const userIds = Object.fromEntries(
  (await ctx.db.select({ id: users.id, email: users.email }).from(users)).map((user) => [user.email, user.id]),
)
const settings = ctx.env

async function adminToken(email: string) {
  return (await createSession(ctx.db, { kind: 'admin', userId: userIds[email]! }, '10.0.0.1', settings)).token
}
const expiredToken = await adminToken('admin@example.com')
await ctx.db
  .update(sessions)
  .set({ expires_at: new Date(Date.now() - 60_000) })
  .where(eq(sessions.id, (await ctx.db.select().from(sessions)).at(-1)!.id))
const revokedToken = await adminToken('admin@example.com')
await ctx.db
  .update(sessions)
  .set({ revoked_at: new Date() })
  .where(eq(sessions.id, (await ctx.db.select().from(sessions)).at(-1)!.id))

// A fresh session per request, so a route that ends sessions (logout) cannot spoil the next one.
async function tokenFor(persona: Persona): Promise<string | undefined> {
  switch (persona) {
    case 'no token':
      return undefined
    case 'expired token':
      return expiredToken
    case 'revoked token':
      return revokedToken
    case 'field-tool user':
      return (await createSession(ctx.db, { kind: 'field', fieldUser: FIELD_USER }, '10.0.0.2', settings)).token
    default:
      return adminToken(ADMIN_PERSONAS[persona])
  }
}

const PERSONAS: Persona[] = [
  'no token',
  'expired token',
  'revoked token',
  'field-tool user',
  'superadmin',
  'Content Editor',
  'Customer Service',
  'role with no pages',
]
const apiRoutes = ctx.app.routeAccess.filter(
  (route) =>
    (route.url.startsWith('/api/') || route.url === '/metrics') &&
    !route.url.startsWith('/api/docs') &&
    route.method !== 'HEAD',
)
const concreteUrl = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*/g, 'x')

describe('permission matrix', () => {
  test('the app registers the admin and field-tool APIs (the matrix is not empty)', () => {
    const urls = apiRoutes.map((route) => `${route.method} ${route.url}`)
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/users',
        'PUT /api/roles',
        'POST /api/publish_contents',
        'GET /api/audit',
        'GET /api/locations',
        'POST /api/auth',
        'POST /api/walkthroughs',
        'POST /api/walkthroughs/:id/observations',
        'POST /api/walkthroughs/:id/finish',
        'PUT /api/location_units/walk_order',
        'GET /metrics',
      ]),
    )
  })

  test('every /api route declares who may call it', () => {
    expect(apiRoutes.filter((route) => !route.access).map((route) => `${route.method} ${route.url}`)).toEqual([])
  })

  test('a route registered without an access rule stops the server from starting', () => {
    const bare = Fastify()
    registerAuth(bare)
    expect(() => bare.get('/api/forgotten', async () => 'open')).toThrow(/declares no access rule/)
  })

  test.each(apiRoutes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s answers each caller as its access rule says',
    async (_name, route) => {
      const actual: Record<string, Outcome> = {}
      const expected: Record<string, Outcome> = {}
      for (const persona of PERSONAS) {
        const token = await tokenFor(persona)
        const response = await ctx.request({
          method: route.method,
          url: concreteUrl(route.url),
          host: 'admin.localhost',
          token,
          remoteAddress: '10.0.0.3',
        })
        actual[persona] = response.statusCode === 401 || response.statusCode === 403 ? response.statusCode : 'allowed'
        expected[persona] = expectedOutcome(route.access!, persona)
        expect(response.statusCode, `${persona}: ${response.body.slice(0, 200)}`).not.toBe(500)
      }
      expect(actual).toEqual(expected)
    },
  )
})
