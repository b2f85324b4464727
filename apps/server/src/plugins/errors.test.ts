import { beforeAll, describe, expect, test } from 'vitest'
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

test('the OpenAPI document is sent compressed, brotli or gzip, like every other answer (issue 34)', async () => {
  for (const [accepted, encoding] of [
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ]) {
    const response = await ctx.request({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': accepted! },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe(encoding)
    expect(response.rawPayload.length).toBeLessThan(200_000)
  }
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

describe('a 400 names every bad field (issue 34 item 3)', () => {
  test('a review with name, location and description blank lists all three in errors, beside message and field', async () => {
    const admin = await ctx.signInAdmin()
    const response = await ctx.adminCall('POST', '/api/reviews', admin, { name: ' ', location: '', description: '' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: 'invalid_input',
      message: 'name: Name is required',
      field: 'name',
      errors: [
        { field: 'name', message: 'Name is required' },
        { field: 'location', message: 'Location is required' },
        { field: 'description', message: 'Description is required' },
      ],
    })
  })

  test('any route: one entry per bad field, nested fields by their path, query fields too', async () => {
    const admin = await ctx.signInAdmin()
    const location = await ctx.adminCall('POST', '/api/locations', admin, {
      name: '',
      location_code: 'ok1',
      slug: 'Not A Slug',
      address: 'x',
      city: 'Austin',
      state: 'Texas',
      zip: '7870',
      lat: 91,
      long: 0,
    })
    expect(location.statusCode).toBe(400)
    expect(location.json().errors.map((entry: { field: string }) => entry.field)).toEqual([
      'name',
      'slug',
      'state',
      'zip',
      'lat',
    ])
    const bulk = await ctx.adminCall('PUT', '/api/locations_bulk_edit', admin, {
      rows: [{ location_code: 'TX100', reservation_window: 0 }],
    })
    expect(bulk.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'rows.0.reservation_window', message: 'Reservation window must be a whole number from 1 to 21.' },
        expect.objectContaining({ field: 'rows.0.unit_size_high_to_low' }),
      ]),
    )
    const query = await ctx.request({ method: 'GET', url: '/api/tasks?page=0&page_size=x', token })
    expect(query.statusCode).toBe(400)
    expect(query.json().errors.map((entry: { field: string }) => entry.field)).toEqual(['page', 'page_size'])
  })

  test("a service's own 400 carries its one field in errors too", async () => {
    const admin = await ctx.signInAdmin()
    const response = await ctx.adminCall('POST', '/api/locations', admin, {
      name: 'Self Sub',
      location_code: 'SELF1',
      slug: 'self-sub',
      address: '1 Way',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      lat: 30,
      long: -97,
      sub_location: 'SELF1',
    })
    expect(response.json()).toEqual({
      error: 'invalid_input',
      message: 'A location cannot be its own sub location.',
      field: 'sub_location',
      errors: [{ field: 'sub_location', message: 'A location cannot be its own sub location.' }],
    })
  })

  test('the OpenAPI document describes errors on the 400 answers', async () => {
    const document = (await ctx.request({ method: 'GET', url: '/api/docs/json' })).json()
    const schema = document.paths['/api/reviews'].post.responses['400'].content['application/json'].schema
    const resolved = schema.$ref ? document.components.schemas[schema.$ref.split('/').pop()] : schema
    expect(resolved.properties.errors).toMatchObject({
      type: 'array',
      items: { properties: { field: { type: 'string' }, message: { type: 'string' } } },
    })
    expect(resolved.properties.errors.description).toMatch(/every field/)
  })
})
