import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildApp } from '../../app.ts'
import { loginFailures } from '../../db/schema.ts'
import { loadEnv } from '../../env.ts'
import { ssmClientFor } from '../../integrations/ssm/client.ts'
import { createTestContext, type TestContext } from '../../test/context.ts'

let ctx: TestContext
/** The same server behind one trusted proxy (TRUST_PROXY=1), spraying limit 20 a minute. */
let proxied: FastifyInstance
beforeAll(async () => {
  ctx = await createTestContext()
  const ssm = ssmClientFor(ctx.env, ctx.ssm.url)
  proxied = await buildApp({
    env: { ...ctx.env, TRUST_PROXY: 1, LOGIN_GLOBAL_MAX_FAILURES: 20 },
    db: ctx.db,
    ssm,
    webDist: '/nonexistent',
  })
  await proxied.ready()
}, 120_000)
afterAll(async () => {
  await proxied.close()
  await ctx.close()
})

const adminSignIn = (
  app: FastifyInstance,
  email: string,
  password: string,
  from: { remoteAddress?: string; forwardedFor?: string } = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/auth',
    remoteAddress: from.remoteAddress,
    headers: { host: 'admin.localhost', ...(from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}) },
    payload: { email, password },
  })
const rotating = (index: number) => `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`

describe('without a trusted proxy, X-Forwarded-For counts for nothing', () => {
  test('100 wrong passwords with rotating X-Forwarded-For get 429 after five; the owner elsewhere still signs in', async () => {
    const statuses: number[] = []
    for (let index = 0; index < 100; index++)
      statuses.push(
        (await adminSignIn(ctx.app, 'editor@example.com', 'Wrong-Password-1', { forwardedFor: rotating(index) }))
          .statusCode,
      )
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]))
    const limited = await adminSignIn(ctx.app, 'editor@example.com', 'editor-demo', { forwardedFor: '10.9.9.9' })
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    const owner = await adminSignIn(ctx.app, 'editor@example.com', 'editor-demo', { remoteAddress: '192.0.2.44' })
    expect(owner.statusCode).toBe(200)
  })

  test('five wrong passwords claiming the owner’s office address do not lock the owner out', async () => {
    for (let index = 0; index < 6; index++)
      await adminSignIn(ctx.app, 'cs@example.com', 'Wrong-Password-1', { forwardedFor: '192.0.2.77' })
    const owner = await adminSignIn(ctx.app, 'cs@example.com', 'cs-demo', { remoteAddress: '192.0.2.77' })
    expect(owner.statusCode).toBe(200)
  })

  test('field sign-in through POST /api/ssm is limited the same way', async () => {
    const statuses: number[] = []
    for (let index = 0; index < 8; index++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/ssm',
        headers: { host: 'snapshot.localhost', 'x-forwarded-for': rotating(index) },
        payload: {
          service_name: 'ValidateSSMLogin',
          xml_body: { LoginKeyed: 'rmanager', passwordKeyed: 'wrong-pass' },
        },
      })
      statuses.push(response.statusCode)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429])
  })

  test('X-Forwarded-Host does not choose the Office 365 redirect_uri', async () => {
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/office365/start',
      headers: { host: 'admin.localhost', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    })
    expect(
      new URL(start.json<{ authorization_url: string }>().authorization_url).searchParams.get('redirect_uri'),
    ).toBe('http://admin.localhost/azure')
  })
})

describe('behind a trusted proxy', () => {
  test('a distributed attack on one account backs off after ten failures; the owner’s known address still signs in', async () => {
    await ctx.db.delete(loginFailures)
    const known = await adminSignIn(proxied, 'admin@example.com', 'admin-demo', { forwardedFor: '203.0.113.5' })
    expect(known.statusCode).toBe(200)
    const statuses: number[] = []
    for (let index = 0; index < 14; index++)
      statuses.push(
        (await adminSignIn(proxied, 'admin@example.com', 'Wrong-Password-1', { forwardedFor: rotating(index) }))
          .statusCode,
      )
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
    expect(new Set(statuses.slice(10))).toEqual(new Set([429]))
    const stranger = await adminSignIn(proxied, 'admin@example.com', 'admin-demo', { forwardedFor: '198.51.100.200' })
    expect(stranger.statusCode).toBe(429)
    const owner = await adminSignIn(proxied, 'admin@example.com', 'admin-demo', { forwardedFor: '203.0.113.5' })
    expect(owner.statusCode).toBe(200)
  })

  test('password spraying over many accounts is stopped by the global limit', async () => {
    await ctx.db.delete(loginFailures)
    const statuses: number[] = []
    for (let index = 0; index < 26; index++)
      statuses.push(
        (await adminSignIn(proxied, `user${index}@example.com`, 'Summer2025!', { forwardedFor: rotating(index) }))
          .statusCode,
      )
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401))
    expect(new Set(statuses.slice(20))).toEqual(new Set([429]))
    await ctx.db.delete(loginFailures)
  })
})

test('TRUST_PROXY takes a hop count or addresses, never a blanket true; OIDC_REDIRECT_URI is required outside demo mode', () => {
  expect(loadEnv({}).TRUST_PROXY).toBeUndefined()
  expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
  expect(loadEnv({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).TRUST_PROXY).toBe('10.0.0.1, 192.168.0.0/16')
  expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false)
  expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(/hop count or addresses/)
  const office = { OIDC_ISSUER: 'https://login.example/v2.0', OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' }
  expect(() => loadEnv({ DATABASE_URL: 'postgres://db/x', ...office })).toThrow(/OIDC_REDIRECT_URI is required/)
  expect(
    loadEnv({ DATABASE_URL: 'postgres://db/x', ...office, OIDC_REDIRECT_URI: 'https://admin.example/azure' }),
  ).toBeTruthy()
})
