import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { users } from '../../db/schema.ts'
import type { SsmClient } from '../../integrations/ssm/client.ts'
import { useTestContext } from '../../test/context.ts'
import { signInField } from './sign-in.service.ts'

// A timeout well above a sign-in's time on a loaded machine (a first call took over 300 ms at a load of 22).
const ctx = useTestContext({ env: { LOGIN_MAX_FAILURES: '3', SSM_TIMEOUT_MS: '2000' } })

const fieldLogin = (LoginKeyed: string, passwordKeyed: string, ip = '10.0.0.1') =>
  ctx.request({
    method: 'POST',
    url: '/api/ssm',
    remoteAddress: ip,
    payload: { service_name: 'ValidateSSMLogin', xml_body: { LoginKeyed, passwordKeyed } },
  })

describe('field sign-in through the storage-management system', () => {
  test('a demo employee signs in and gets a token, the user and the UserDetails Login list', async () => {
    const response = await fieldLogin('csagent', 'snapshot-demo')
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.token).toMatch(/^[\w-]{43}$/)
    expect(body.user).toEqual({
      username: 'csagent',
      full_name: 'Casey Alvarez',
      email: 'casey.alvarez@harborpoint.example',
      role: 'customer_service',
    })
    expect(body.UserDetails).toEqual([
      {
        Login: ['csagent'],
        FullName: ['Casey Alvarez'],
        Email: ['casey.alvarez@harborpoint.example'],
        Role: ['customer_service'],
      },
    ])
    expect(ctx.ssm.calls).toContain('ValidateSSMLogin')
    const session = await ctx.request({ method: 'GET', url: '/api/session', token: body.token })
    expect(session.json()).toMatchObject({ kind: 'field', user: body.user })
  })

  test("a wrong password answers 401 with the system's ErrorMessage list", async () => {
    const response = await fieldLogin('pmanager', 'wrong', '10.0.0.2')
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({
      error: 'invalid_credentials',
      ErrorCode: ['-1'],
      ErrorMessage: ['Invalid username or password.'],
      message: 'Invalid username or password.',
    })
  })

  test('empty username or password is refused with 400 naming the field', async () => {
    const response = await fieldLogin('', 'x')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: 'invalid_input', field: 'xml_body.LoginKeyed' })
  })

  test('another service name is refused, never proxied', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/ssm',
      payload: { service_name: 'GetTenantList', xml_body: { LoginKeyed: 'a', passwordKeyed: 'b' } },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().field).toBe('service_name')
  })

  test('malformed JSON is a 400, not a crash', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/ssm',
      headers: { 'content-type': 'application/json' },
      payload: '{"service_name":',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toBe('invalid_input')
  })

  test('repeated failures for one account from one address are rate-limited with 429', async () => {
    for (let attempt = 0; attempt < 3; attempt++)
      expect((await fieldLogin('rmanager', 'nope', '10.0.0.9')).statusCode).toBe(401)
    const limited = await fieldLogin('rmanager', 'snapshot-demo', '10.0.0.9')
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
    expect((await fieldLogin('rmanager', 'snapshot-demo', '10.0.0.10')).statusCode).toBe(200)
  })

  test('a storage-management system that does not answer in time is a 502 with a message', async () => {
    ctx.ssm.setDelay(3000)
    const response = await fieldLogin('csagent', 'snapshot-demo', '10.0.0.3')
    ctx.ssm.setDelay(0)
    expect(response.statusCode).toBe(502)
    expect(response.json().message).toMatch(/Storage management system unreachable/)
  })

  test('a negative Ret_Code from the system reaches the user as its message', async () => {
    ctx.ssm.failNext('ValidateSSMLogin', -5, 'Account locked in SSM')
    const response = await fieldLogin('csagent', 'snapshot-demo', '10.0.0.4')
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({
      error: 'invalid_credentials',
      message: 'Account locked in SSM',
      ErrorCode: ['-5'],
      ErrorMessage: ['Account locked in SSM'],
    })
  })

  test('a successful sign-in forgets the failures before it from that address', async () => {
    for (let attempt = 0; attempt < 2; attempt++)
      expect((await fieldLogin('pmanager', 'nope', '10.0.0.11')).statusCode).toBe(401)
    expect((await fieldLogin('pmanager', 'snapshot-demo', '10.0.0.11')).statusCode).toBe(200)
    for (let attempt = 0; attempt < 2; attempt++)
      expect((await fieldLogin('pmanager', 'nope', '10.0.0.11')).statusCode).toBe(401)
    expect((await fieldLogin('pmanager', 'snapshot-demo', '10.0.0.11')).statusCode).toBe(200)
  })
})

describe('field sign-in with answers the demo system never gives', () => {
  const ssmAnswering = (validateLogin: SsmClient['validateLogin']) => ({ validateLogin }) as SsmClient
  const input = (LoginKeyed: string) => ({
    service_name: 'ValidateSSMLogin' as const,
    xml_body: { LoginKeyed, passwordKeyed: 'pw' },
  })

  test('an account whose role is not a field-tool role is refused with 401 and code -3', async () => {
    const ssm = ssmAnswering(async () => ({ Login: 'kiosk', FullName: 'Kiosk', Email: '', Role: 'tenant' }))
    await expect(signInField(ctx.db, ssm, input('kiosk'), '10.0.0.20', ctx.env)).rejects.toMatchObject({
      statusCode: 401,
      code: 'invalid_credentials',
      message: 'This account has no field-tool role.',
      extra: { ErrorCode: ['-3'], ErrorMessage: ['This account has no field-tool role.'] },
    })
  })

  test('an answer without login, name or email falls back to the login typed and no email', async () => {
    const ssm = ssmAnswering(async () => ({ Role: 'property_manager' }))
    const result = await signInField(ctx.db, ssm, input('night.manager'), '10.0.0.21', ctx.env)
    expect(result.user).toEqual({
      username: 'night.manager',
      full_name: 'night.manager',
      email: '',
      role: 'property_manager',
    })
  })

  test('a system that fails without a Ret_Code is a 502 with its message, and a failure with no message says so', async () => {
    const failing = (error: unknown) =>
      ssmAnswering(async () => {
        throw error
      })
    await expect(
      signInField(ctx.db, failing(new TypeError('fetch failed')), input('csagent'), '10.0.0.22', ctx.env),
    ).rejects.toMatchObject({ statusCode: 502, message: 'fetch failed' })
    await expect(
      signInField(ctx.db, failing('socket hang up'), input('csagent'), '10.0.0.22', ctx.env),
    ).rejects.toMatchObject({ statusCode: 502, message: 'Storage management system unavailable' })
  })
})

describe('admin sign-in', () => {
  test('the demo superadmin signs in with email and password', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/auth',
      host: 'admin.localhost',
      payload: { email: 'Admin@Example.com', password: 'admin-demo' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json().user).toMatchObject({
      email: 'admin@example.com',
      role: { name: 'Superadmin', superadmin: true },
    })
  })

  test("a wrong password or unknown email gives the spec's message", async () => {
    for (const payload of [
      { email: 'admin@example.com', password: 'nope' },
      { email: 'nobody@example.com', password: 'x' },
    ]) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/auth',
        host: 'admin.localhost',
        remoteAddress: '10.1.0.1',
        payload,
      })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({
        error: 'invalid_credentials',
        message: 'Please enter a valid email and password',
      })
    }
  })

  test('a disabled account with the right password gets the same 401, and signs in again once enabled', async () => {
    const signIn = () =>
      ctx.request({
        method: 'POST',
        url: '/api/auth',
        host: 'admin.localhost',
        remoteAddress: '10.1.0.2',
        payload: { email: 'cs@example.com', password: 'cs-demo' },
      })
    const disable = (disabled: boolean) =>
      ctx.db.update(users).set({ disabled }).where(eq(users.email, 'cs@example.com'))
    await disable(true)
    try {
      const refused = await signIn()
      expect([refused.statusCode, refused.json().message]).toEqual([401, 'Please enter a valid email and password'])
    } finally {
      await disable(false)
    }
    expect((await signIn()).statusCode).toBe(200)
  })

  test('an account without a password (Office 365 only) or with an unreadable hash is refused like a wrong password', async () => {
    await ctx.db.insert(users).values([
      { email: 'sso.only@example.com', firstName: 'Sso', lastName: 'Only', role_id: null },
      { email: 'bad.hash@example.com', firstName: 'Bad', lastName: 'Hash', role_id: null, password_hash: 'not-a-hash' },
    ])
    for (const email of ['sso.only@example.com', 'bad.hash@example.com']) {
      for (const password of ['not-a-hash', 'anything']) {
        const response = await ctx.request({
          method: 'POST',
          url: '/api/auth',
          host: 'admin.localhost',
          remoteAddress: '10.1.0.3',
          payload: { email, password },
        })
        expect([response.statusCode, response.json().message], email).toEqual([
          401,
          'Please enter a valid email and password',
        ])
      }
    }
  })

  test('a successful admin sign-in forgets the failures before it from that address', async () => {
    const signIn = (password: string) =>
      ctx.request({
        method: 'POST',
        url: '/api/auth',
        host: 'admin.localhost',
        remoteAddress: '10.1.0.4',
        payload: { email: 'editor@example.com', password },
      })
    for (let round = 0; round < 2; round++) {
      for (let attempt = 0; attempt < 2; attempt++) expect((await signIn('nope')).statusCode).toBe(401)
      expect((await signIn('editor-demo')).statusCode).toBe(200)
    }
  })

  test('an empty email is refused with 400', async () => {
    const response = await ctx.request({ method: 'POST', url: '/api/auth', payload: { email: '', password: 'x' } })
    expect(response.statusCode).toBe(400)
    expect(response.json().field).toBe('email')
  })
})

describe('sessions', () => {
  const protectedRoutes = [
    ['GET', '/api/locations'],
    ['GET', '/api/snapshot_locations?location_code=TX100'],
    ['GET', '/api/snapshot_locations/combo_code?serial_number=CL-100-001'],
    ['GET', '/api/gate_code_rotation/gate_codes'],
    ['GET', '/api/location_units?location_code=TX100'],
    ['GET', '/api/session'],
    ['POST', '/api/logout'],
  ] as const

  test.each(protectedRoutes)('%s %s needs a token (401 JSON)', async (method, url) => {
    const response = await ctx.request({ method, url })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ error: 'unauthorized' })
  })

  test('every registered /api route but sign-in and signed callbacks refuses a request without a token', async () => {
    const routes = ctx.app.routeAccess.filter(
      (route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.method !== 'HEAD',
    )
    // The sign-in routes of both apps, the SMS provider's signed callbacks and the read-only public content
    // API (issue 20) are the only public ones (DESIGN §5).
    const open = routes.filter((route) => route.access === 'public')
    const content = open.filter((route) => route.url.startsWith('/api/public/'))
    expect(content.map((route) => route.method)).toEqual(content.map(() => 'GET'))
    expect(content.map((route) => route.url)).toEqual(
      expect.arrayContaining(['/api/public/states', '/api/public/pages/:name']),
    )
    expect(
      open
        .filter((route) => !route.url.startsWith('/api/public/'))
        .map((route) => `${route.method} ${route.url}`)
        .sort(),
    ).toEqual([
      'POST /api/auth',
      'POST /api/auth/office365/callback',
      'POST /api/auth/office365/start',
      'POST /api/sms/inbound',
      'POST /api/sms/status',
      'POST /api/ssm',
      'POST /api/users/find',
    ])
    const guarded = routes.filter((route) => route.access !== 'public')
    expect(guarded.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['GET /api/tasks/overview', 'POST /api/locations', 'GET /api/users', 'POST /api/logout']),
    )
    for (const route of guarded) {
      const url = route.url.replace(/:[A-Za-z_]+/g, '1').replace(/\*/g, 'x')
      for (const token of [undefined, 'not-a-real-token']) {
        const response = await ctx.request({ method: route.method, url, token, host: 'admin.localhost' })
        expect(response.statusCode, `${route.method} ${route.url} with ${token ?? 'no token'}`).toBe(401)
        expect(response.json()).toMatchObject({ error: 'unauthorized' })
      }
    }
  })

  test('logout revokes the token on the server', async () => {
    const token = await ctx.signInField()
    expect((await ctx.request({ method: 'GET', url: '/api/session', token })).statusCode).toBe(200)
    expect((await ctx.request({ method: 'POST', url: '/api/logout', token })).statusCode).toBe(204)
    expect((await ctx.request({ method: 'GET', url: '/api/session', token })).statusCode).toBe(401)
  })

  test('a field-tool token cannot be used for admin-only routes', async () => {
    const token = await ctx.signInField()
    const session = await ctx.request({ method: 'GET', url: '/api/session', token })
    expect(session.json()).toMatchObject({ kind: 'field', user: { username: 'csagent' } })
    expect((await ctx.request({ method: 'GET', url: '/api/tasks/overview', token })).statusCode).toBe(200)
    for (const [method, url] of [
      ['GET', '/api/users'],
      ['GET', '/api/roles'],
      ['GET', '/api/audit'],
      ['GET', '/api/locations?role=admin'],
      ['POST', '/api/publish_contents'],
      ['PUT', '/api/settings/1'],
      ['DELETE', '/api/locations/1'],
    ] as const) {
      const response = await ctx.request({ method, url, token, host: 'admin.localhost', payload: {} })
      expect(response.statusCode, `${method} ${url}`).toBe(403)
      expect(response.json()).toMatchObject({ error: 'forbidden' })
    }
  })
})
