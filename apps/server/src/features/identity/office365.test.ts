import { generateKeyPairSync, sign } from 'node:crypto'
import { eq } from 'drizzle-orm'
import Fastify from 'fastify'
import { describe, expect, test } from 'vitest'
import type { CustomFetch } from 'openid-client'
import { oidcSignIns } from '../../db/schema.ts'
import { hashToken } from '../../lib/tokens.ts'
import { useTestContext } from '../../test/context.ts'
import { TestBrowser } from '../../test/office365-browser.ts'
import { createOffice365Client } from '../../integrations/office365/client.ts'
import { DEMO_OFFICE365_PASSWORD, mountOffice365StandIn } from '../../integrations/office365/stand-in.ts'

const ctx = useTestContext()

const ADMIN_HOST = 'admin.localhost'
const findUser = (payload: { email: string; sso_ticket?: string }) =>
  ctx.request({ method: 'POST', url: '/api/users/find', host: ADMIN_HOST, payload })

function newBrowser() {
  return new TestBrowser((options) => ctx.request(options))
}

/** Starts at the login page's button and signs in at the local provider; returns the browser and the /azure parameters. */
async function signInAtLocalProvider(email: string) {
  const browser = newBrowser()
  const start = await browser.request({ method: 'POST', url: `http://${ADMIN_HOST}/api/auth/office365/start` })
  expect(start.statusCode).toBe(200)
  const azure = await browser.signInAtProvider(start.json().authorization_url, email, DEMO_OFFICE365_PASSWORD)
  return { browser, params: Object.fromEntries(azure.searchParams) as Record<string, string> }
}

const callback = (browser: TestBrowser, params: Record<string, string>) =>
  browser.request({ method: 'POST', url: `http://${ADMIN_HOST}/api/auth/office365/callback`, json: params })

const RESTART = 'This Office 365 sign-in has expired or was started in another browser. Please try again.'
const NOT_VERIFIED = 'Office 365 sign-in could not be verified. Please sign in again.'

/** The stored attempt of the sign-in a browser started (by its binding cookie). */
async function attemptOf(browser: TestBrowser) {
  const [attempt] = await ctx.db
    .select()
    .from(oidcSignIns)
    .where(eq(oidcSignIns.binding_hash, hashToken(browser.cookie('storageops_office365')!)))
  return attempt!
}
const secondsFromNow = (date: Date | null) => (date!.getTime() - Date.now()) / 1000

describe('Login with Office 365 through the local provider', () => {
  test('the authorization request uses the code flow with PKCE S256, a state and a nonce, back to /azure', async () => {
    const browser = newBrowser()
    const start = await browser.request({ method: 'POST', url: `http://${ADMIN_HOST}/api/auth/office365/start` })
    const url = new URL(start.json().authorization_url)
    expect(url.origin + url.pathname).toBe('http://admin.localhost:3000/oidc/auth')
    expect(url.searchParams.get('response_type')).toBe('code')
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(url.searchParams.get('state')).toBeTruthy()
    expect(url.searchParams.get('nonce')).toBeTruthy()
    expect(url.searchParams.get('redirect_uri')).toBe('http://admin.localhost/azure')
    expect(String(start.headers['set-cookie'])).toMatch(
      /storageops_office365=[\w-]+; Path=\/api\/auth\/office365; Max-Age=600; HttpOnly; SameSite=Lax/,
    )
  })

  test('a registered account signs in: verified email, then the user with role and a working token', async () => {
    const { browser, params } = await signInAtLocalProvider('editor@example.com')
    expect(params.code).toBeTruthy()
    const verified = await callback(browser, params)
    expect(verified.statusCode).toBe(200)
    expect(verified.json()).toMatchObject({ email: 'editor@example.com', name: 'Emerson Lowry' })
    const found = await findUser({ email: 'editor@example.com', sso_ticket: verified.json().sso_ticket })
    expect(found.statusCode).toBe(200)
    expect(found.json().user).toMatchObject({
      email: 'editor@example.com',
      role: { name: 'Content Editor', superadmin: false },
    })
    const session = await ctx.request({
      method: 'GET',
      url: '/api/session',
      host: ADMIN_HOST,
      token: found.json().token,
    })
    expect(session.json()).toMatchObject({ kind: 'admin', user: { email: 'editor@example.com' } })
  })

  test("an account with no StorageOps user gets 'Email not registered. Please contact administrator to register your email to the system.'", async () => {
    const { browser, params } = await signInAtLocalProvider('stranger@example.com')
    const verified = await callback(browser, params)
    expect(verified.statusCode).toBe(200)
    const found = await findUser({ email: 'stranger@example.com', sso_ticket: verified.json().sso_ticket })
    expect(found.statusCode).toBe(404)
    expect(found.json()).toEqual({
      error: 'email_not_registered',
      message: 'Email not registered. Please contact administrator to register your email to the system.',
    })
  })

  test('a tampered state is refused and the attempt cannot be replayed', async () => {
    const { browser, params } = await signInAtLocalProvider('admin@example.com')
    const binding = browser.cookie('storageops_office365')!
    const tampered = await callback(browser, { ...params, state: `${params.state}x` })
    expect(tampered.statusCode).toBe(401)
    expect(tampered.json()).toMatchObject({
      error: 'office365_verification_failed',
      message: 'Office 365 sign-in could not be completed. Please try again.',
    })
    browser.setCookie('storageops_office365', binding)
    expect((await callback(browser, params)).statusCode).toBe(400)
  })

  test('a callback from a browser that did not start the sign-in is refused', async () => {
    const { params } = await signInAtLocalProvider('admin@example.com')
    const response = await callback(newBrowser(), params)
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toMatch(/expired or was started in another browser/)
  })

  test('a callback is used once: the same code and cookie a second time are refused', async () => {
    const { browser, params } = await signInAtLocalProvider('cs@example.com')
    const binding = browser.cookie('storageops_office365')!
    const first = await callback(browser, params)
    expect(first.statusCode).toBe(200)
    expect(String(first.headers['set-cookie'])).toMatch(/storageops_office365=; .*Max-Age=0/)
    expect((await callback(browser, params)).statusCode).toBe(400)
    browser.setCookie('storageops_office365', binding)
    expect((await callback(browser, params)).statusCode).toBe(400)
  })

  test('POST /api/users/find needs the ticket of that very sign-in: a bare email, another email or a used ticket get 401', async () => {
    const bare = await findUser({ email: 'admin@example.com' })
    expect(bare.statusCode).toBe(400)
    const { browser, params } = await signInAtLocalProvider('cs@example.com')
    const ticket = (await callback(browser, params)).json().sso_ticket
    const otherEmail = await findUser({ email: 'admin@example.com', sso_ticket: ticket })
    expect(otherEmail.statusCode).toBe(401)
    expect(otherEmail.json()).toEqual({ error: 'unauthorized', message: NOT_VERIFIED })
    const reused = await findUser({ email: 'cs@example.com', sso_ticket: ticket })
    expect(reused.statusCode).toBe(401)
    expect(reused.json()).toEqual({ error: 'unauthorized', message: NOT_VERIFIED })
    const forged = await findUser({ email: 'cs@example.com', sso_ticket: 'x'.repeat(43) })
    expect(forged.statusCode).toBe(401)
  })

  test('a sign-in has 10 minutes to come back from the provider; its ticket is good for 2 minutes', async () => {
    const { browser, params } = await signInAtLocalProvider('cs@example.com')
    const attempt = await attemptOf(browser)
    expect(secondsFromNow(attempt.expires_at)).toBeGreaterThan(600 - 60)
    expect(secondsFromNow(attempt.expires_at)).toBeLessThanOrEqual(600)
    expect(attempt).toMatchObject({
      callback_at: null,
      ticket_hash: null,
      redirect_uri: 'http://admin.localhost/azure',
    })
    const ticket = (await callback(browser, params)).json().sso_ticket
    const verified = (await ctx.db.select().from(oidcSignIns).where(eq(oidcSignIns.id, attempt.id)))[0]!
    expect(verified).toMatchObject({ email: 'cs@example.com', ticket_hash: hashToken(ticket), ticket_used_at: null })
    expect(verified.subject).toBeTruthy()
    expect(verified.callback_at).not.toBeNull()
    expect(secondsFromNow(verified.ticket_expires_at)).toBeGreaterThan(120 - 60)
    expect(secondsFromNow(verified.ticket_expires_at)).toBeLessThanOrEqual(120)
  })

  test('a sign-in that came back too late is refused, and so is a ticket redeemed too late', async () => {
    const late = await signInAtLocalProvider('cs@example.com')
    const lateAttempt = await attemptOf(late.browser)
    await ctx.db
      .update(oidcSignIns)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(oidcSignIns.id, lateAttempt.id))
    const refused = await callback(late.browser, late.params)
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ error: 'invalid_input', message: RESTART })

    const slow = await signInAtLocalProvider('cs@example.com')
    const slowAttempt = await attemptOf(slow.browser)
    const ticket = (await callback(slow.browser, slow.params)).json().sso_ticket
    await ctx.db
      .update(oidcSignIns)
      .set({ ticket_expires_at: new Date(Date.now() - 1000) })
      .where(eq(oidcSignIns.id, slowAttempt.id))
    const expired = await findUser({ email: 'cs@example.com', sso_ticket: ticket })
    expect(expired.statusCode).toBe(401)
    expect(expired.json()).toEqual({ error: 'unauthorized', message: NOT_VERIFIED })
  })

  test('starting a sign-in clears attempts that expired over a day ago, not newer ones', async () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000)
    const stale = (name: string, expiredHoursAgo: number) => ({
      binding_hash: `test-${name}`,
      state: name,
      nonce: name,
      code_verifier: name,
      redirect_uri: 'http://admin.localhost/azure',
      expires_at: hoursAgo(expiredHoursAgo),
    })
    const rows = await ctx.db
      .insert(oidcSignIns)
      .values([stale('two-days', 48), stale('a-day-and-an-hour', 25), stale('an-hour', 1)])
      .returning({ id: oidcSignIns.id, state: oidcSignIns.state })
    await signInAtLocalProvider('cs@example.com')
    const left = await ctx.db.select({ state: oidcSignIns.state }).from(oidcSignIns)
    const states = new Set(left.map((row) => row.state))
    expect(rows.map((row) => states.has(row.state))).toEqual([false, false, true])
  })

  test('a disabled user signing in with Office 365 is refused like an unknown email', async () => {
    const token = await ctx.signInAdmin()
    const users = (await ctx.request({ method: 'GET', url: '/api/users', host: ADMIN_HOST, token })).json<
      Array<{ id: number; email: string; role_id: number; firstName: string; lastName: string }>
    >()
    const cs = users.find((user) => user.email === 'cs@example.com')!
    const disable = (disabled: boolean) =>
      ctx.request({ method: 'PUT', url: '/api/users', host: ADMIN_HOST, token, payload: { ...cs, disabled } })
    expect((await disable(true)).statusCode).toBe(200)
    const { browser, params } = await signInAtLocalProvider('cs@example.com')
    const ticket = (await callback(browser, params)).json().sso_ticket
    const found = await findUser({ email: 'cs@example.com', sso_ticket: ticket })
    expect(found.statusCode).toBe(404)
    expect((await disable(false)).statusCode).toBe(200)
  })

  test('a wrong password at the provider shows its error and does not come back to /azure', async () => {
    const browser = newBrowser()
    const start = await browser.request({ method: 'POST', url: `http://${ADMIN_HOST}/api/auth/office365/start` })
    const page = await browser.follow(start.json().authorization_url)
    expect(page.response.body).toContain('Sign in')
    const wrong = await browser.request({
      method: 'POST',
      url: new URL(`${page.url.pathname}/login`, page.url).href,
      form: { email: 'admin@example.com', password: 'nope' },
    })
    expect(wrong.statusCode).toBe(200)
    expect(wrong.body).toContain('Your account or password is incorrect.')
  })

  test('cancelling at the provider comes back to /azure with an error and no code', async () => {
    const browser = newBrowser()
    const start = await browser.request({ method: 'POST', url: `http://${ADMIN_HOST}/api/auth/office365/start` })
    const page = await browser.follow(start.json().authorization_url)
    const cancelled = await browser.request({
      method: 'POST',
      url: new URL(`${page.url.pathname}/abort`, page.url).href,
      form: {},
    })
    const back = await browser.follow(new URL(String(cancelled.headers.location), page.url).href)
    expect(back.url.pathname).toBe('/azure')
    expect(back.url.searchParams.get('error')).toBe('access_denied')
    expect(back.url.searchParams.get('code')).toBeNull()
  })
})

describe('ID token verification by the relying party', () => {
  const testKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const testJwk = { ...testKey.publicKey.export({ format: 'jwk' }), kid: 'attacker-key', use: 'sig', alg: 'RS256' }
  const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

  function resign(idToken: string, change: Record<string, unknown>) {
    const payload = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString())
    const data = `${base64url({ alg: 'RS256', kid: 'attacker-key', typ: 'JWT' })}.${base64url({ ...payload, ...change })}`
    return `${data}.${sign('sha256', Buffer.from(data), testKey.privateKey).toString('base64url')}`
  }

  /**
   * Runs the real flow against a provider of its own, with a fetch that can rewrite the token
   * response (and serve the test key as the provider's keys) before the relying party checks it.
   */
  async function verifyWith(rewrite?: { claims: Record<string, unknown>; serveTestKey: boolean }) {
    const idp = Fastify()
    const standIn = mountOffice365StandIn(idp, { issuer: 'http://idp.localhost/oidc' })
    await idp.ready()
    const fetchWithRewrite: CustomFetch = async (url, init) => {
      const response = await standIn.fetch(url, init)
      if (!rewrite) return response
      if (url.endsWith('/token')) {
        const body = await response.json()
        body.id_token = resign(body.id_token, rewrite.claims)
        return new Response(JSON.stringify(body), { status: response.status, headers: response.headers })
      }
      if (url.endsWith('/jwks') && rewrite.serveTestKey)
        return new Response(JSON.stringify({ keys: [testJwk] }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        })
      return response
    }
    const client = createOffice365Client({
      issuer: standIn.issuer,
      clientId: standIn.clientId,
      clientSecret: standIn.clientSecret,
      scopes: 'openid email profile',
      fetch: fetchWithRewrite,
    })
    const request = await client.createAuthorizationRequest('http://admin.localhost/azure')
    const browser = new TestBrowser(({ host, headers, ...rest }) =>
      idp.inject({ ...rest, headers: { ...headers, host } }),
    )
    const azure = await browser.signInAtProvider(request.url, 'admin@example.com', DEMO_OFFICE365_PASSWORD)
    try {
      return await client.verifyCallback(Object.fromEntries(azure.searchParams), {
        redirectUri: 'http://admin.localhost/azure',
        state: request.state,
        nonce: request.nonce,
        codeVerifier: request.codeVerifier,
      })
    } finally {
      await idp.close()
    }
  }

  test('an untouched ID token from the provider is accepted', async () => {
    await expect(verifyWith()).resolves.toMatchObject({ email: 'admin@example.com', subject: 'admin@example.com' })
  })

  test('a token re-signed with a key the provider serves and unchanged claims is accepted (the checks below fail for their claim alone)', async () => {
    await expect(verifyWith({ claims: {}, serveTestKey: true })).resolves.toMatchObject({ email: 'admin@example.com' })
  })

  test.each([
    ['another audience', { aud: 'someone-else' }],
    ['another issuer', { iss: 'http://evil.localhost/oidc' }],
    ['another nonce', { nonce: 'replayed-nonce' }],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 3600 }],
  ])('an ID token with %s is refused, even when signed with a key the provider serves', async (_name, claims) => {
    await expect(verifyWith({ claims, serveTestKey: true })).rejects.toMatchObject({
      name: 'Office365VerificationError',
    })
  })

  test('an ID token signed with a key the provider does not serve is refused', async () => {
    await expect(verifyWith({ claims: {}, serveTestKey: false })).rejects.toMatchObject({
      name: 'Office365VerificationError',
    })
  })
})
