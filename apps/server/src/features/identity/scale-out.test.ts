import { afterAll, beforeAll, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../app.ts'
import { openDatabase, type Database } from '../../db/client.ts'
import { ssmClientFor } from '../../integrations/ssm/client.ts'
import { useTestContext } from '../../test/context.ts'

// Two server instances share one real PostgreSQL and nothing else (DESIGN §1 "Scale-out").
const ctx = useTestContext()
let second: { app: FastifyInstance; database: Database } | undefined

beforeAll(async () => {
  if (!ctx.databaseUrl) return
  const database = await openDatabase({ url: ctx.databaseUrl })
  const ssm = ssmClientFor(ctx.env, ctx.ssm.url)
  second = { app: await buildApp({ env: ctx.env, db: database.db, ssm, webDist: '/nonexistent' }), database }
})
afterAll(async () => {
  await second?.app.close()
  await second?.database.close()
})

test.skipIf(process.env.TEST_DB !== 'postgres')(
  'a session opened on one instance works on another, and logout on either ends it',
  async () => {
    const token = await ctx.signInField('pmanager')
    const onSecond = (method: 'GET' | 'POST', url: string) =>
      second!.app.inject({ method, url, headers: { host: 'snapshot.localhost', authorization: `Bearer ${token}` } })
    expect((await onSecond('GET', '/api/session')).json()).toMatchObject({
      kind: 'field',
      user: { username: 'pmanager' },
    })
    expect((await onSecond('POST', '/api/logout')).statusCode).toBe(204)
    expect((await ctx.request({ method: 'GET', url: '/api/session', token })).statusCode).toBe(401)
  },
)

test.skipIf(process.env.TEST_DB !== 'postgres')(
  'a session cached by one instance is refused there as soon as another instance revokes it',
  async () => {
    const token = await ctx.signInField('rmanager')
    const onFirst = async () => (await ctx.request({ method: 'GET', url: '/api/session', token })).statusCode
    expect(await onFirst()).toBe(200)
    const logout = await second!.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { host: 'snapshot.localhost', authorization: `Bearer ${token}` },
    })
    expect(logout.statusCode).toBe(204)
    // The database notifies the first instance's cache (LISTEN/NOTIFY); no write went through it.
    await expect.poll(onFirst).toBe(401)
  },
)
