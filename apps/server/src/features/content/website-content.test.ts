import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { US_STATES } from '@storageops/contracts/us-states'
import { auditLog, contentPublishes, locations, locationUnitTypes, unitFilters } from '../../db/schema.ts'
import { useTestContext, type TestContext } from '../../test/context.ts'

/**
 * The website content of admin-console-part-2 §2–§9 beyond what the declaration-driven suite covers:
 * demo content, each resource's own rules, the spec's irregular calls, the FAQ permission, unit filters
 * kept in step with unit types, the public API's fields, and the rebuild's list of changes.
 */
const ctx = useTestContext()
let admin: string
let editor: string
let cs: string
beforeAll(async () => {
  admin = await ctx.signInAdmin('admin@example.com')
  editor = await ctx.signInAdmin('editor@example.com')
  cs = await ctx.signInAdmin('cs@example.com')
}, 120_000)

const call: TestContext['adminCall'] = (...args) => ctx.adminCall(...args)
const publicGet = (url: string) => ctx.request({ method: 'GET', url, host: 'www.localhost' })

describe('demo content', () => {
  test('the 56 states and territories with their names and centres', async () => {
    const states = (await call('GET', '/api/states', editor)).json()
    expect(states).toHaveLength(56)
    expect(states.map((state: { short_name: string }) => state.short_name).sort()).toEqual(
      US_STATES.map((state) => state.code).sort(),
    )
    const texas = states.find((state: { short_name: string }) => state.short_name === 'TX')
    expect(texas).toMatchObject({ full_name: 'Texas', lat: 31.968599, long: -99.901813, zoom_level: 5 })
    expect(texas.body).toContain('## Storage units across Texas')
    expect(states.find((state: { short_name: string }) => state.short_name === 'PR').full_name).toBe('Puerto Rico')
  })

  test('a city page for each city with a facility, at the centre of its facilities', async () => {
    const facilities = await ctx.db.select({ city: locations.city, state: locations.state }).from(locations)
    const expected = [...new Set(facilities.map((row) => `${row.city}, ${row.state}`))].sort()
    const cities: Array<{ name: string; state: string; lat: number; body: string }> = (
      await call('GET', '/api/cities', editor)
    ).json()
    expect(cities.map((city) => `${city.name}, ${city.state}`).sort()).toEqual(expected)
    expect(cities.every((city) => city.lat !== 0 && city.body.includes('| Facility | Address |'))).toBe(true)
  })

  test('FAQ questions, knowledge-base articles with lower-case keywords, blogs with images, pages, features', async () => {
    expect((await call('GET', '/api/questions', editor)).json().length).toBeGreaterThanOrEqual(12)
    const articles: Array<{ keywords: string[] }> = (await call('GET', '/api/libraries', editor)).json()
    expect(articles.length).toBeGreaterThanOrEqual(8)
    expect(articles.flatMap((article) => article.keywords).every((word) => word === word.toLowerCase())).toBe(true)
    const blogs: Array<{ blog_image: string }> = (await call('GET', '/api/blogs', editor)).json()
    expect(blogs.length).toBeGreaterThanOrEqual(3)
    const image = await ctx.request({ method: 'GET', url: blogs[0]!.blog_image, host: 'admin.localhost' })
    expect(image.headers['content-type']).toBe('image/jpeg')
    const pages: Array<{ name: string }> = (await call('GET', '/api/pages', editor)).json()
    expect(pages.map((page) => page.name)).toEqual(expect.arrayContaining(['about-us', 'privacy-policy']))
    expect((await call('GET', '/api/marketing_features', editor)).json()).toHaveLength(8)
    expect((await call('GET', '/api/unit_filters', editor)).json()).toHaveLength(6)
  })
})

describe('states', () => {
  test('the code must be one of the 56; it is upper-cased; a taken code is 409', async () => {
    const body = { full_name: 'Nowhere', lat: 1, long: 1 }
    const refused = await call('POST', '/api/states', admin, { ...body, short_name: 'ZZ' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({
      field: 'short_name',
      message: expect.stringContaining('State code is not valid.'),
    })
    const taken = await call('POST', '/api/states', admin, { ...body, short_name: 'tx' })
    expect(taken.statusCode).toBe(409)
    expect(taken.json()).toMatchObject({ error: 'conflict', field: 'short_name' })
  })

  test('an edit keeps the code; zoom defaults to 1; a body above 100,000 characters is refused', async () => {
    const edited = await call('PUT', '/api/states/AS', admin, {
      short_name: 'GU',
      full_name: 'American Samoa',
      lat: -14.27,
      long: -170.13,
    })
    expect(edited.json()).toMatchObject({ short_name: 'AS', zoom_level: 1, body: '' })
    const long = await call('PUT', '/api/states/AS', admin, {
      full_name: 'x',
      lat: 0,
      long: 0,
      body: 'x'.repeat(100_001),
    })
    expect(long.statusCode).toBe(400)
    expect(long.json()).toMatchObject({ field: 'body' })
  })
})

describe('cities', () => {
  test('the spec’s DELETE /api/city/{id} deletes with audit and version; a second page for a city is 409', async () => {
    const created = await call('POST', '/api/cities', admin, { state: 'VT', name: 'Rutland', lat: 43.61, long: -72.97 })
    expect(created.statusCode).toBe(201)
    const twin = await call('POST', '/api/cities', admin, { state: 'VT', name: 'Rutland', lat: 43.6, long: -72.9 })
    expect(twin.statusCode).toBe(409)
    expect(twin.json()).toMatchObject({ field: 'name' })
    const id = created.json().id
    const deleted = await call('DELETE', `/api/city/${id}`, admin)
    expect(deleted.json()).toMatchObject({ id, name: 'Rutland' })
    expect((await call('GET', `/api/cities/${id}`, admin)).statusCode).toBe(404)
    expect((await call('DELETE', `/api/city/${id}`, admin)).statusCode).toBe(404)
    const versions = (await call('GET', `/api/cities/${id}/versions`, admin)).json()
    expect(versions.map((version: { action: string }) => version.action)).toEqual(['delete', 'create'])
  })

  test('the state is a two-letter code', async () => {
    const refused = await call('POST', '/api/cities', admin, { state: 'Texas', name: 'Waco', lat: 31.5, long: -97.1 })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ field: 'state', message: expect.stringContaining('two-letter') })
  })
})

describe('pages', () => {
  test('one POST /api/pages creates (201) and, with the id, edits (200); the name is fixed', async () => {
    const created = await call('POST', '/api/pages', editor, {
      name: ' Storage-Tips ',
      title: 'Tips',
      content: '# Tips',
    })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ name: 'storage-tips', title: 'Tips' })
    const id = created.json().id
    const edited = await call('POST', '/api/pages', editor, {
      id,
      name: 'storage-tips',
      title: 'Storage Tips',
      meta_description: 'Ten tips',
      content: '# Storage tips',
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toMatchObject({ id, name: 'storage-tips', title: 'Storage Tips' })
    const renamed = await call('POST', '/api/pages', editor, { id, name: 'other-name', content: 'x' })
    expect(renamed.statusCode).toBe(400)
    expect(renamed.json()).toMatchObject({ field: 'name', message: 'The name of a page cannot be changed.' })
    expect((await call('POST', '/api/pages', editor, { name: 'about-us' })).statusCode).toBe(409)
    expect((await call('POST', '/api/pages', editor, { name: 'About us!' })).json()).toMatchObject({ field: 'name' })
    expect((await call('POST', '/api/pages', editor, { id: 99999, content: 'x' })).statusCode).toBe(404)
    const versions = (await call('GET', `/api/pages/${id}/versions`, editor)).json()
    expect(versions[0]).toMatchObject({
      action: 'update',
      changed_fields: ['title', 'meta_description', 'content'],
      actor_name: 'Emerson Lowry',
    })
  })

  test('a create without a name is 400 naming it; an edit may leave the name out', async () => {
    const nameless = await call('POST', '/api/pages', editor, { title: 'No name', content: 'x' })
    expect(nameless.statusCode).toBe(400)
    expect(nameless.json()).toMatchObject({ field: 'name', message: 'Name is required' })
    const page = (await call('POST', '/api/pages', editor, { name: 'moving-checklist', content: 'x' })).json()
    const edited = await call('POST', '/api/pages', editor, { id: page.id, title: 'Moving checklist', content: 'y' })
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toEqual({ ...page, title: 'Moving checklist', content: 'y' })
  })

  test('the POST edit honours If-Match too', async () => {
    const page = await call('GET', '/api/pages', editor).then((response) => response.json()[0])
    const read = await call('GET', `/api/pages/${page.id}`, editor)
    await call('POST', '/api/pages', admin, { ...page, title: 'Changed by the admin' })
    const stale = await ctx.request({
      method: 'POST',
      url: '/api/pages',
      host: 'admin.localhost',
      token: editor,
      headers: { 'if-match': read.headers.etag as string },
      payload: { ...page, content: 'Mine' },
    })
    expect(stale.statusCode).toBe(412)
    expect(stale.json().message).toBe('Alex Morgan changed this page since you opened it (Meta Title).')
  })
})

describe('FAQ, library and settings rules', () => {
  test('a role without /faq may not read or change questions or articles; the Content Editor may', async () => {
    for (const path of ['/api/questions', '/api/libraries']) {
      expect((await call('GET', path, cs)).statusCode).toBe(403)
      expect((await call('POST', path, cs, { question: 'x', answer: 'y', topic: 'x' })).statusCode).toBe(403)
      expect((await call('GET', path, editor)).statusCode).toBe(200)
    }
  })

  test('article keywords are lower-cased, trimmed and de-duplicated on save', async () => {
    const created = await call('POST', '/api/libraries', editor, {
      topic: 'Keys',
      keywords: [' Gate Code', 'gate code', 'KEYPAD', ''],
      article: 'x',
    })
    expect(created.json().keywords).toEqual(['gate code', 'keypad'])
  })

  test('a question needs a question and an answer', async () => {
    const refused = await call('POST', '/api/questions', editor, { question: 'Why?', answer: '   ' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ field: 'answer', message: expect.stringContaining('Answer is required') })
  })
})

describe('unit filters', () => {
  test('add says "Filter Key is required", edit says "Filter key is required"', async () => {
    const add = await call('POST', '/api/unit_filters', admin, { name: 'Wine', filter_key: ' ' })
    expect(add.json()).toMatchObject({
      field: 'filter_key',
      message: expect.stringContaining('Filter Key is required'),
    })
    const [first] = (await call('GET', '/api/unit_filters', admin)).json()
    const edit = await call('PUT', `/api/unit_filters/${first.id}`, admin, { name: 'x', filter_key: '' })
    expect(edit.json()).toMatchObject({
      field: 'filter_key',
      message: expect.stringContaining('Filter key is required'),
    })
    expect((await call('POST', '/api/unit_filters', admin, { name: '', filter_key: 'x' })).json().message).toContain(
      'Name is required',
    )
    const taken = await call('POST', '/api/unit_filters', admin, { name: 'Again', filter_key: first.filter_key })
    expect(taken.statusCode).toBe(409)
  })

  test('renaming a key renames it in unit types; deleting a filter takes it out of them', async () => {
    const [filter] = await ctx.db.select().from(unitFilters).where(eq(unitFilters.filter_key, 'drive-up'))
    const [location] = await ctx.db.select({ code: locations.location_code }).from(locations).limit(1)
    await ctx.db.insert(locationUnitTypes).values({
      location_code: location!.code,
      unit_type_id: 424242,
      unit_filter_ids: [filter!.id],
      unit_filter_keys: ['drive-up'],
    })
    const row = () =>
      ctx.db
        .select()
        .from(locationUnitTypes)
        .where(and(eq(locationUnitTypes.location_code, location!.code), eq(locationUnitTypes.unit_type_id, 424242)))
        .then(([found]) => found!)
    await call('PUT', `/api/unit_filters/${filter!.id}`, admin, { name: 'Drive-Up', filter_key: 'Drive-Up-Access' })
    expect((await row()).unit_filter_keys).toEqual(['drive-up-access'])
    await call('DELETE', `/api/unit_filters/${filter!.id}`, admin)
    expect(await row()).toMatchObject({ unit_filter_ids: [], unit_filter_keys: [] })
  })
})

describe('marketing features', () => {
  test('both deletes of the spec: by path and by ?marketing_featureId=', async () => {
    const one = (await call('POST', '/api/marketing_features', admin, { name: 'Wine Storage' })).json()
    const two = (await call('POST', '/api/marketing_features', admin, { name: 'Notary Service' })).json()
    expect((await call('DELETE', `/api/marketing_features?marketing_featureId=${one.id}`, admin)).json()).toEqual(one)
    expect((await call('DELETE', `/api/marketing_features/${two.id}`, admin)).json()).toEqual(two)
    expect((await call('DELETE', `/api/marketing_features?marketing_featureId=${one.id}`, admin)).statusCode).toBe(404)
    expect((await call('DELETE', '/api/marketing_features?marketing_featureId=abc', admin)).statusCode).toBe(400)
    expect((await call('POST', '/api/marketing_features', admin, { name: '  ' })).json().message).toContain(
      'Name is required',
    )
  })
})

describe('public content API', () => {
  test('settings show name and value only; internal descriptions never leave', async () => {
    const settings: Array<Record<string, unknown>> = (await publicGet('/api/public/settings')).json()
    expect(settings.find((setting) => setting.name === 'support_phone')).toEqual({
      name: 'support_phone',
      value: '(800) 555-0142',
    })
    expect((await publicGet('/api/public/settings/support_phone')).json()).toEqual({
      name: 'support_phone',
      value: '(800) 555-0142',
    })
  })

  test('pages by name, states without their deprecated keywords; unknown names are 404', async () => {
    const page = (await publicGet('/api/public/pages/privacy-policy')).json()
    expect(page).toMatchObject({ name: 'privacy-policy', title: 'Privacy Policy | Harbor Point Self Storage' })
    const texas = (await publicGet('/api/public/states/TX')).json()
    expect(texas.full_name).toBe('Texas')
    expect(texas).not.toHaveProperty('keywords')
    expect((await publicGet('/api/public/pages/no-such-page')).statusCode).toBe(404)
    expect((await publicGet('/api/public/users')).statusCode).toBe(404)
  })

  test('a change made outside the API (SQL) is seen at once: the answer and its ETag change', async () => {
    const before = await publicGet('/api/public/marketing_features')
    await ctx.db.execute(
      sql`update marketing_features set name = name || ' (new)' where id = (select min(id) from marketing_features)`,
    )
    const after = await ctx.request({
      method: 'GET',
      url: '/api/public/marketing_features',
      host: 'www.localhost',
      headers: { 'if-none-match': before.headers.etag as string },
    })
    expect(after.statusCode).toBe(200)
    expect(after.json()[0].name).toMatch(/ \(new\)$/)
  })
})

describe('Rebuild CMS Pages sends what changed since the last rebuild', () => {
  // Rebuilds and audit entries move back together, so their order stays while the cooldown ends.
  const endCooldown = async () => {
    await ctx.db.update(contentPublishes).set({ requested_at: sql`requested_at - interval '61 seconds'` })
    await ctx.db.update(auditLog).set({ at: sql`at - interval '61 seconds'` })
  }
  const publish = () => call('POST', '/api/publish_contents', editor)

  test('each changed record once, with its actions and public address; the next rebuild starts after it', async () => {
    expect((await publish()).statusCode).toBe(200)
    await endCooldown()
    await call('PUT', '/api/states/TX', editor, { full_name: 'Texas', lat: 31.97, long: -99.9, body: 'Howdy' })
    await call('PUT', '/api/states/TX', editor, { full_name: 'Texas', lat: 31.97, long: -99.9, body: 'Howdy, y’all' })
    const page = (await call('POST', '/api/pages', editor, { name: 'rebuild-test', content: 'x' })).json()
    await call('DELETE', `/api/pages/${page.id}`, editor)
    const first = (await publish()).json()
    expect(first.since).toEqual(expect.any(String))
    expect(first.truncated).toBe(false)
    expect(first.changes).toEqual([
      expect.objectContaining({ resource: 'states', key: 'TX', actions: ['update'], path: '/api/public/states/TX' }),
      expect.objectContaining({ resource: 'pages', key: String(page.id), actions: ['create', 'delete'], path: null }),
    ])
    await endCooldown()
    expect((await publish()).json().changes).toEqual([])
  })
})
