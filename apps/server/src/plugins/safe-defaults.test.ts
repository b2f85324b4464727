import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from '../app.ts'
import { loadEnv } from '../env.ts'
import { createSsmClient } from '../integrations/ssm/client.ts'
import { createTestContext, type TestContext } from '../test/context.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

test('demo mode listens on 127.0.0.1 unless HOST says otherwise; a real server listens everywhere', () => {
  expect(loadEnv({ DEMO_MODE: 'true' }).HOST).toBe('127.0.0.1')
  expect(loadEnv({ DEMO_MODE: 'true', HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0')
  expect(loadEnv({ DATABASE_URL: 'postgres://db/storageops' }).HOST).toBe('0.0.0.0')
})

test('API answers with tokens or personal data are never cached', async () => {
  const signIn = await ctx.request({
    method: 'POST',
    url: '/api/auth',
    host: 'admin.localhost',
    payload: { email: 'admin@example.com', password: 'admin-demo' },
  })
  expect(signIn.headers['cache-control']).toBe('no-store')
  const token = signIn.json<{ token: string }>().token
  for (const url of ['/api/session', '/api/users', '/api/gate_code_rotation/gate_codes']) {
    const response = await ctx.request({ method: 'GET', url, token, host: 'admin.localhost' })
    expect([response.statusCode, response.headers['cache-control']]).toEqual([200, 'no-store'])
  }
  const refused = await ctx.request({ method: 'GET', url: '/api/session' })
  expect(refused.headers['cache-control']).toBe('no-store')
})

test('Customer Service does not receive the ACH, Coming Soon and SBOA columns; a superadmin does', async () => {
  const hidden = ['allow_ach', 'coming_soon', 'sboa', 'sboa_brochure']
  const cs = await ctx.request({
    method: 'GET',
    url: '/api/locations?role=admin',
    token: await ctx.signInAdmin('cs@example.com'),
    host: 'admin.localhost',
  })
  expect(cs.statusCode).toBe(200)
  const rows = cs.json<Array<Record<string, unknown>>>()
  expect(rows.length).toBeGreaterThan(0)
  for (const row of rows) for (const field of hidden) expect(row).not.toHaveProperty(field)
  expect(rows[0]).toHaveProperty('location_code')
  const admin = await ctx.request({
    method: 'GET',
    url: '/api/locations?role=admin',
    token: await ctx.signInAdmin(),
    host: 'admin.localhost',
  })
  for (const field of hidden) expect(admin.json<Array<Record<string, unknown>>>()[0]).toHaveProperty(field)
})

test("unknown asset paths are 404; the app's own routes still get its page", async () => {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'storageops-web-'))
  fs.mkdirSync(path.join(webDist, 'assets'))
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>StorageOps</title>')
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)')
  const ssm = createSsmClient({ url: ctx.ssm.url, corpCode: 'x', user: 'x', password: 'x', timeoutMs: 1000 })
  const app = await buildApp({ env: ctx.env, db: ctx.db, ssm, webDist })
  try {
    const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'admin.localhost' } })
    expect((await get('/assets/app.js')).statusCode).toBe(200)
    for (const url of ['/assets/missing.js', '/favicon-old.ico', '/robots.txt', '/wp-login.php.bak.css']) {
      const response = await get(url)
      expect([url, response.statusCode, response.headers['content-type']]).toEqual([
        url,
        404,
        expect.stringContaining('application/json'),
      ])
    }
    for (const url of ['/locations', '/snapshot/austin-tx', '/locations/TX101/cms_edit', '/azure?code=x']) {
      const response = await get(url)
      expect([url, response.statusCode]).toEqual([url, 200])
      expect(response.body).toContain('StorageOps</title>')
    }
  } finally {
    await app.close()
    fs.rmSync(webDist, { recursive: true, force: true })
  }
})

test("every answer carries helmet's security headers with the app's Content-Security-Policy", async () => {
  const token = await ctx.signInField('rmanager')
  const answers = [
    await ctx.request({ method: 'GET', url: '/api/health' }),
    await ctx.request({ method: 'GET', url: '/api/snapshot_locations?location_code=TX100', token }),
    await ctx.request({ method: 'GET', url: '/api/session' }),
    await ctx.request({ method: 'GET', url: '/no-such-page' }),
  ]
  for (const response of answers) {
    const { headers } = response
    expect(headers['x-powered-by']).toBeUndefined()
    expect({
      csp: headers['content-security-policy'],
      coop: headers['cross-origin-opener-policy'],
      corp: headers['cross-origin-resource-policy'],
      oac: headers['origin-agent-cluster'],
      referrer: headers['referrer-policy'],
      hsts: headers['strict-transport-security'],
      nosniff: headers['x-content-type-options'],
      dns: headers['x-dns-prefetch-control'],
      download: headers['x-download-options'],
      frame: headers['x-frame-options'],
      crossDomain: headers['x-permitted-cross-domain-policies'],
      xss: headers['x-xss-protection'],
    }).toEqual({
      csp:
        "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';" +
        "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';" +
        "style-src 'self' 'unsafe-inline';upgrade-insecure-requests;frame-src 'self' https:;connect-src 'self'",
      coop: 'same-origin',
      corp: 'same-origin',
      oac: '?1',
      referrer: 'no-referrer',
      hsts: 'max-age=31536000; includeSubDomains',
      nosniff: 'nosniff',
      dns: 'off',
      download: 'noopen',
      frame: 'SAMEORIGIN',
      crossDomain: 'none',
      xss: '0',
    })
  }
})
