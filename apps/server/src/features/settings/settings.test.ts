import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '../../test/context.ts'

let ctx: TestContext
let superadmin: string
beforeAll(async () => {
  ctx = await createTestContext()
  superadmin = await ctx.signInAdmin('admin@example.com')
}, 120_000)
afterAll(() => ctx.close())

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  ctx.request({ method, url, host: 'admin.localhost', token, ...(payload ? { payload } : {}) })

describe('settings and the maintenance switch', () => {
  test('the maintenance setting does not exist at first: an empty list', async () => {
    const response = await call('GET', '/api/settings?name=maintenance', superadmin)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([])
  })

  test('it is created when missing, then its value is updated (admin-console-part-1 §4)', async () => {
    const created = await call('POST', '/api/settings', superadmin, {
      name: 'Maintenance',
      value: 'true',
      description: 'Maintenance mode',
    })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ name: 'maintenance', value: 'true' })
    const updated = await call('PUT', `/api/settings/${created.json().id}`, superadmin, { value: 'false' })
    expect(updated.json()).toMatchObject({ name: 'maintenance', value: 'false' })
    expect((await call('GET', '/api/settings?name=MAINTENANCE', superadmin)).json()).toEqual([
      expect.objectContaining({ value: 'false' }),
    ])
  })

  test('a second setting with the same name is refused; an unknown id is 404', async () => {
    expect((await call('POST', '/api/settings', superadmin, { name: 'maintenance', value: 'true' })).statusCode).toBe(
      409,
    )
    expect((await call('PUT', '/api/settings/99999', superadmin, { value: 'x' })).statusCode).toBe(404)
  })

  test('roles without /settings may not read or switch maintenance; the Content Editor may', async () => {
    const cs = await ctx.signInAdmin('cs@example.com')
    const editor = await ctx.signInAdmin('editor@example.com')
    expect((await call('GET', '/api/settings?name=maintenance', cs)).statusCode).toBe(403)
    expect((await call('POST', '/api/settings', cs, { name: 'x', value: 'y' })).statusCode).toBe(403)
    expect((await call('GET', '/api/settings?name=maintenance', editor)).statusCode).toBe(200)
  })

  test('setting writes are audited', async () => {
    const audit = await call('GET', '/api/audit?entity=setting', superadmin)
    expect(audit.json().rows.map((row: { action: string }) => row.action)).toEqual(['update', 'create'])
    expect(audit.json().rows[0]).toMatchObject({ before: { value: 'true' }, after: { value: 'false' } })
  })
})
