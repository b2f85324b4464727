import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from '../app.ts'
import { ssmClientFor } from '../integrations/ssm/client.ts'
import { createTestContext, type TestContext } from '../test/context.ts'

let ctx: TestContext
let app: FastifyInstance
const lines: string[] = []
beforeAll(async () => {
  ctx = await createTestContext()
  const ssm = ssmClientFor(ctx.env, ctx.ssm.url)
  app = await buildApp({
    env: ctx.env,
    db: ctx.db,
    ssm,
    logger: { level: 'trace', stream: { write: (line) => lines.push(line) } },
    webDist: '/nonexistent',
  })
  await app.ready()
  // Every new session or user fails inside the database, as a full disk or a broken trigger would.
  await ctx.db.execute(sql`
    create function refuse_for_test() returns trigger language plpgsql as $$
    begin raise exception 'refused by the test' using errcode = 'XX000'; end $$`)
  await ctx.db.execute(
    sql`create trigger refuse_sessions before insert on sessions for each row execute function refuse_for_test()`,
  )
  await ctx.db.execute(
    sql`create trigger refuse_users before insert on users for each row execute function refuse_for_test()`,
  )
}, 120_000)
afterAll(async () => {
  await app.close()
  await ctx.close()
})

test('a failed query is logged by SQL state and name, never with its parameters (hashes, emails)', async () => {
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: { host: 'admin.localhost' },
    payload: { email: 'admin@example.com', password: 'admin-demo' },
  })
  expect(signIn.statusCode).toBe(500)
  expect(signIn.json()).toEqual({ error: 'internal', message: 'Something went wrong.' })

  await ctx.db.execute(sql`drop trigger refuse_sessions on sessions`)
  const token = await ctx.signInAdmin()
  const create = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: { host: 'admin.localhost', authorization: `Bearer ${token}` },
    payload: { email: 'leak-check@example.com', password: 'Leak-Check-Password-1', role_id: 1 },
  })
  expect(create.statusCode).toBe(500)

  const log = lines.join('\n')
  const failures = lines.map((line) => JSON.parse(line)).filter((entry) => entry.err?.type === 'DatabaseError')
  expect(failures.map((entry) => [entry.err.sqlState, entry.err.query])).toEqual([
    ['XX000', 'insert sessions'],
    ['XX000', 'insert users'],
  ])
  expect(log).not.toMatch(/\$argon2/)
  expect(log).not.toMatch(/[0-9a-f]{64}/)
  expect(log).not.toContain('leak-check@example.com')
  expect(log).not.toContain('params')
})
