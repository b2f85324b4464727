import { beforeAll, expect, test } from 'vitest'
import { useTestContext } from '../test/context.ts'

const ctx = useTestContext()
let token: string
beforeAll(async () => {
  token = await ctx.signInField()
})

const hostile = ['', '%00', "' or 1=1 --", '../../etc/passwd', 'x'.repeat(5000), '😀', '<script>alert(1)</script>']

test.each([
  '/api/snapshot_locations?location_code=',
  '/api/snapshot_locations/combo_code?serial_number=',
  '/api/locations?location_code=',
  '/api/location_units?location_code=',
])('hostile query values on %s never cause a 500', async (prefix) => {
  for (const value of hostile) {
    const response = await ctx.request({ method: 'GET', url: `${prefix}${encodeURIComponent(value)}`, token })
    expect(response.statusCode, `${prefix}${value.slice(0, 20)}`).toBeGreaterThanOrEqual(400)
    expect(response.statusCode).toBeLessThan(500)
    expect(response.json()).toHaveProperty('message')
  }
})

test('bodies of the wrong type, shape or size are 400/413, not 500', async () => {
  const cases: Array<[string, string | object]> = [
    ['application/json', '[]'],
    ['application/json', 'null'],
    ['application/json', '{"service_name":"ValidateSSMLogin","xml_body":"oops"}'],
    ['application/json', `{"service_name":"ValidateSSMLogin","xml_body":{"LoginKeyed":"${'a'.repeat(2_000_000)}"}}`],
    ['text/plain', 'hello'],
  ]
  for (const [contentType, payload] of cases) {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/ssm',
      headers: { 'content-type': contentType },
      payload,
    })
    expect([400, 413, 415]).toContain(response.statusCode)
    expect(response.json()).toHaveProperty('error')
  }
})

test('the OpenAPI document lists the API with its schemas', async () => {
  const response = await ctx.request({ method: 'GET', url: '/api/docs/json' })
  expect(response.statusCode).toBe(200)
  const document = response.json()
  expect(document.openapi).toMatch(/^3\./)
  expect(Object.keys(document.paths)).toEqual(
    expect.arrayContaining(['/api/locations', '/api/snapshot_locations', '/api/ssm', '/api/auth', '/api/logout']),
  )
  expect(document.paths['/api/snapshot_locations'].get.parameters[0]).toMatchObject({
    name: 'location_code',
    in: 'query',
    required: true,
  })
})

test('simultaneous creates of one user or one setting give one success and 409s, never a 500', async () => {
  const admin = await ctx.signInAdmin()
  const post = (url: string, payload: object) =>
    ctx.request({ method: 'POST', url, payload, token: admin, host: 'admin.localhost' })
  const users = await Promise.all(
    Array.from({ length: 8 }, () =>
      post('/api/users', { email: 'race@example.com', password: 'Race-Password-1', role_id: 1 }),
    ),
  )
  expect(users.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409])
  const settings = await Promise.all(
    Array.from({ length: 8 }, () => post('/api/settings', { name: 'race_setting', value: 'x' })),
  )
  expect(settings.filter((response) => response.statusCode >= 300).map((response) => response.statusCode)).toEqual(
    Array(7).fill(409),
  )
  for (const response of [...users, ...settings].filter((item) => item.statusCode === 409))
    expect(response.json()).toMatchObject({ error: 'conflict', message: expect.any(String) })
})

test('GET /api/health reports the database and the job queue for a load balancer, without a token', async () => {
  const response = await ctx.request({ method: 'GET', url: '/api/health' })
  expect(response.statusCode).toBe(200)
  expect(response.json()).toEqual({
    status: 'ok',
    database: 'ok',
    queue: expect.stringMatching(/^(running|not started)$/),
  })
})
