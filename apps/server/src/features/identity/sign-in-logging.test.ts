import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../app.ts'
import { ssmClientFor } from '../../integrations/ssm/client.ts'
import { DEMO_OFFICE365_PASSWORD } from '../../integrations/office365/stand-in.ts'
import { useTestContext } from '../../test/context.ts'
import { TestBrowser } from '../../test/office365-browser.ts'

const ctx = useTestContext()
let app: FastifyInstance
const lines: string[] = []
beforeAll(async () => {
  const ssm = ssmClientFor(ctx.env, ctx.ssm.url)
  app = await buildApp({
    env: ctx.env,
    db: ctx.db,
    ssm,
    logger: { level: 'info', stream: { write: (line) => lines.push(line) } },
    webDist: '/nonexistent',
  })
  await app.ready()
}, 120_000)
afterAll(async () => {
  await app.close()
})

const events = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>)

describe('sign-in events and refusals in the log', () => {
  const secrets: string[] = []

  test('password sign-ins, good and bad, are logged without the password or the token', async () => {
    const good = await app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { host: 'admin.localhost' },
      payload: { email: 'editor@example.com', password: 'editor-demo' },
    })
    secrets.push('editor-demo', good.json().token)
    await app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { host: 'admin.localhost' },
      payload: { email: 'editor@example.com', password: 'Wrong-Password-9' },
    })
    secrets.push('Wrong-Password-9')
    expect(events()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event: 'admin_sign_in', method: 'password', user_id: good.json().user.id }),
        expect.objectContaining({
          event: 'admin_sign_in_refused',
          method: 'password',
          email: 'editor@example.com',
          reason: 'invalid_credentials',
        }),
      ]),
    )
  })

  test('an Office 365 sign-in is logged without its code, state, ticket or token', async () => {
    const browser = new TestBrowser(({ host, headers, ...rest }) =>
      app.inject({ ...rest, headers: { ...headers, host } }),
    )
    const start = await browser.request({ method: 'POST', url: 'http://admin.localhost/api/auth/office365/start' })
    const azure = await browser.signInAtProvider(
      start.json().authorization_url,
      'cs@example.com',
      DEMO_OFFICE365_PASSWORD,
    )
    secrets.push(DEMO_OFFICE365_PASSWORD, azure.searchParams.get('code')!, azure.searchParams.get('state')!)
    // The browser loads /azure?code=… from the server before the app posts it.
    await app.inject({ method: 'GET', url: `${azure.pathname}${azure.search}`, headers: { host: 'admin.localhost' } })
    const verified = await browser.request({
      method: 'POST',
      url: 'http://admin.localhost/api/auth/office365/callback',
      json: Object.fromEntries(azure.searchParams),
    })
    const found = await app.inject({
      method: 'POST',
      url: '/api/users/find',
      headers: { host: 'admin.localhost' },
      payload: { email: 'cs@example.com', sso_ticket: verified.json().sso_ticket },
    })
    secrets.push(verified.json().sso_ticket, found.json().token)
    expect(events()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event: 'office365_verified', email: 'cs@example.com' }),
        expect.objectContaining({ event: 'admin_sign_in', method: 'office365' }),
      ]),
    )
  })

  test('refused requests are logged with the reason', async () => {
    await app.inject({ method: 'GET', url: '/api/users', headers: { host: 'admin.localhost' } })
    await app.inject({
      method: 'GET',
      url: '/api/users',
      headers: { host: 'admin.localhost', authorization: 'Bearer not-a-token' },
    })
    const cs = await app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { host: 'admin.localhost' },
      payload: { email: 'cs@example.com', password: 'cs-demo' },
    })
    secrets.push(cs.json().token)
    await app.inject({
      method: 'GET',
      url: '/api/audit',
      headers: { host: 'admin.localhost', authorization: `Bearer ${cs.json().token}` },
    })
    const messages = events().map((entry) => entry.msg)
    expect(messages).toEqual(
      expect.arrayContaining(['refused: no token', 'refused: session not valid', 'refused: not permitted']),
    )
  })

  test('no password, code, state, ticket or token appears anywhere in the log', () => {
    const log = lines.join('\n')
    expect(secrets.length).toBeGreaterThan(8)
    for (const secret of secrets) expect(log, secret).not.toContain(secret)
  })
})
