import { beforeAll, describe, expect, test } from 'vitest'
import { useTestContext, type TestContext } from '../../test/context.ts'

const ctx = useTestContext()
let superadmin: string
beforeAll(async () => {
  superadmin = await ctx.signInAdmin('admin@example.com')
}, 120_000)

const call: TestContext['adminCall'] = (...args) => ctx.adminCall(...args)

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

describe('reviews', () => {
  test('the demo operator has customer reviews of its facilities, most with a picture that is served', async () => {
    const editor = await ctx.signInAdmin('editor@example.com')
    const response = await call('GET', '/api/reviews', editor)
    expect(response.statusCode).toBe(200)
    const reviews: Array<{ name: string; location: string; description: string; picture: string }> = response.json()
    expect(reviews.length).toBeGreaterThanOrEqual(8)
    expect(reviews.every((review) => review.name && review.location && review.description.length > 40)).toBe(true)
    const withPicture = reviews.filter((review) => review.picture)
    expect(withPicture.length).toBeGreaterThan(reviews.length / 2)
    const picture = await ctx.request({ method: 'GET', url: withPicture[0]!.picture, host: 'admin.localhost' })
    expect(picture.statusCode).toBe(200)
    expect(picture.headers['content-type']).toBe('image/jpeg')
  })

  test('the API trims the texts and refuses a blank name with the spec message', async () => {
    const created = await call('POST', '/api/reviews', superadmin, {
      name: '  Ana  ',
      location: ' Austin Northwest #100 ',
      description: ' Friendly staff. ',
    })
    expect(created.json()).toMatchObject({ name: 'Ana', location: 'Austin Northwest #100', picture: '' })
    const refused = await call('PUT', `/api/reviews/${created.json().id}`, superadmin, {
      name: ' ',
      location: 'x',
      description: 'y',
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ field: 'name', message: expect.stringContaining('Name is required') })
  })

  test('a picture is a path under /img/ or an https: address; javascript: is refused and nothing is stored', async () => {
    const review = { name: 'Bo', location: 'Austin Northwest #100', description: 'Clean units.' }
    const refused = await call('POST', '/api/reviews', superadmin, { ...review, picture: 'javascript:alert(1)' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({
      field: 'picture',
      message: 'picture: Use an image path under /img/ or an https: address.',
    })
    expect((await call('GET', '/api/reviews', superadmin)).body).not.toContain('javascript:')
    const created = await call('POST', '/api/reviews', superadmin, {
      ...review,
      picture: 'https://cdn.example.com/bo.jpg',
    })
    expect(created.statusCode, created.body).toBe(201)
  })
})
