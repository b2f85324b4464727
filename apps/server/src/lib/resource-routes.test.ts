import { eq, getTableColumns, type Column } from 'drizzle-orm'
import { getTableConfig } from 'drizzle-orm/pg-core'
import { afterAll, describe, expect, test } from 'vitest'
import { DECLARED_RESOURCES } from '@storageops/contracts/content/declared-resources'
import { hasNumericKey, publicNameOf } from '@storageops/contracts/resource'
import { roles, users } from '../db/schema.ts'
import { createSession } from '../features/identity/sessions.service.ts'
import { createTestContext } from '../test/context.ts'
import type { ResourceStore } from './resource-service.ts'

/**
 * Every declared resource the app registers (DESIGN §9), driven by its declaration alone: a resource
 * declared by a later issue is covered here without a line of its own. Create, read, list, update and
 * delete with their audit entries; 400 naming each required field; 401, 403, 404; 409 for each unique
 * column of its table.
 */
const ctx = await createTestContext()
afterAll(() => ctx.close())

const superadmin = await ctx.signInAdmin('admin@example.com')
const [noPages] = await ctx.db.insert(roles).values({ name: 'No Pages', allowed_pages: [] }).returning()
const [outsider] = await ctx.db
  .insert(users)
  .values({ email: 'outsider@example.com', firstName: 'Out', lastName: 'Sider', role_id: noPages!.id })
  .returning()
const forbiddenToken = (await createSession(ctx.db, { kind: 'admin', userId: outsider!.id }, '10.0.0.9', ctx.env)).token

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
const call = (method: Method, url: string, token: string | undefined, payload?: unknown) =>
  ctx.request({
    method,
    url,
    host: 'admin.localhost',
    token,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

/** A text field the PUT may change freely: not unique, not fixed, in the PUT body. */
function editableField(store: ResourceStore) {
  const { declaration } = store
  const unique = uniqueFields(store)
  return declaration.fields.find(
    (field) =>
      ['text', 'textarea', 'markdown'].includes(field.kind) &&
      !field.readOnlyOnEdit &&
      !unique.includes(field.key) &&
      field.key in declaration.update.shape,
  )
}

/** The unique columns, and the last column of each unique constraint over several (the one a 409 names). */
function uniqueFields(store: ResourceStore): string[] {
  const config = getTableConfig(store.table)
  const byName = new Map(Object.entries(store.table).map(([key, column]) => [(column as { name?: string }).name, key]))
  return [
    ...config.columns.filter((column) => column.isUnique).map((column) => byName.get(column.name)!),
    ...config.uniqueConstraints.map((constraint) => byName.get(constraint.columns.at(-1)!.name)!),
  ].filter((key) => key !== store.declaration.key)
}

/** Demo data may hold the example's own key (a state code): it goes, without audit or version, before the create. */
async function freeExampleKey(store: ResourceStore) {
  const { declaration } = store
  if (hasNumericKey(declaration)) return
  const key = declaration.create.parse(declaration.example)[declaration.key]
  const column = (getTableColumns(store.table) as Record<string, Column>)[declaration.key]!
  await ctx.db.delete(store.table).where(eq(column, key))
}

const stores = ctx.app.resources.map((store) => [store.declaration.name, store] as const)

test('the app registers exactly the declared resources (the browser journey walks the same list)', () => {
  const registered = ctx.app.resources.map((store) => store.declaration)
  expect(DECLARED_RESOURCES.filter((declaration) => !registered.includes(declaration)).map(({ name }) => name)).toEqual(
    [],
  )
  expect(registered.filter((declaration) => !DECLARED_RESOURCES.includes(declaration)).map(({ name }) => name)).toEqual(
    [],
  )
})

describe.each(stores)('declared resource %s', (_name, store) => {
  const { declaration } = store
  const expected = declaration.create.parse(declaration.example)
  const unknownKey = hasNumericKey(declaration) ? 2_000_000_000 : 'no-such-key'
  let key: string | number

  test('create answers 201 with the record, as the schema cleans it', async () => {
    await freeExampleKey(store)
    const created = await call('POST', declaration.api, superadmin, declaration.example)
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject(expected)
    expect(declaration.record.safeParse(created.json()).success).toBe(true)
    key = created.json()[declaration.key]
  })

  test('read: the record by its key, and in the list', async () => {
    const one = await call('GET', `${declaration.api}/${key}`, superadmin)
    expect(one.statusCode).toBe(200)
    expect(one.json()).toMatchObject(expected)
    const list = await call('GET', declaration.api, superadmin)
    expect(list.statusCode).toBe(200)
    expect(list.json()).toContainEqual(one.json())
  })

  test('the list filters by each query field', async () => {
    for (const field of Object.keys(declaration.query.shape)) {
      const value = expected[field] as string
      const list = await call('GET', `${declaration.api}?${field}=${encodeURIComponent(value)}`, superadmin)
      expect(list.statusCode).toBe(200)
      expect(list.json().length).toBeGreaterThan(0)
      expect(list.json().every((record: Record<string, unknown>) => record[field] === value)).toBe(true)
    }
  })

  test('update changes a field and answers the record', async () => {
    const field = editableField(store)
    expect(field, 'a text field the PUT may change').toBeDefined()
    const body = { ...declaration.example, [field!.key]: `${expected[field!.key] as string} (edited)` }
    const updated = await call('PUT', `${declaration.api}/${key}`, superadmin, body)
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.json()[field!.key]).toBe(`${expected[field!.key] as string} (edited)`)
    expect((await call('GET', `${declaration.api}/${key}`, superadmin)).json()).toEqual(updated.json())
  })

  test('a blank required field is 400 naming the field, with the schema message; nothing is written', async () => {
    const before = (await call('GET', declaration.api, superadmin)).json().length
    for (const field of declaration.fields.filter((candidate) => candidate.required)) {
      const body = { ...declaration.example, [field.key]: '   ' }
      const message = declaration.create.safeParse(body).error?.issues[0]?.message
      expect(message, `${field.key} is required by the schema`).toBeDefined()
      const refused = await call('POST', declaration.api, superadmin, body)
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toMatchObject({ error: 'invalid_input', field: field.key })
      expect(refused.json().message).toContain(message)
    }
    expect((await call('GET', declaration.api, superadmin)).json().length).toBe(before)
  })

  test('each unique field taken by another record is 409 naming the field; nothing is written', async () => {
    for (const field of uniqueFields(store)) {
      const refused = await call('POST', declaration.api, superadmin, declaration.example)
      expect(refused.statusCode, field).toBe(409)
      expect(refused.json()).toMatchObject({ error: 'conflict', field })
      expect(refused.json().message).toMatch(/already exists/)
    }
    const audit = await call('GET', `/api/audit?entity=${declaration.name}&entity_id=${key}`, superadmin)
    expect(audit.json().rows.map((row: { action: string }) => row.action)).toEqual(['update', 'create'])
  })

  test('without a token every route is 401; a role without the page gets 403', async () => {
    const routes: Array<[Method, string, unknown]> = [
      ['GET', declaration.api, undefined],
      ['POST', declaration.api, declaration.example],
      ['GET', `${declaration.api}/${key}`, undefined],
      ['PUT', `${declaration.api}/${key}`, declaration.example],
      ['DELETE', `${declaration.api}/${key}`, undefined],
    ]
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401)
      const refused = await call(method, url, forbiddenToken, payload)
      expect(refused.statusCode, `${method} ${url}`).toBe(403)
      expect(refused.json()).toMatchObject({ error: 'forbidden' })
    }
  })

  test('delete answers the record as it was; then it is 404 to read, update and delete', async () => {
    const deleted = await call('DELETE', `${declaration.api}/${key}`, superadmin)
    expect(deleted.statusCode).toBe(200)
    expect(deleted.json()[declaration.key]).toBe(key)
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const missing = await call(
        method,
        `${declaration.api}/${key}`,
        superadmin,
        method === 'PUT' ? declaration.example : undefined,
      )
      expect(missing.statusCode, method).toBe(404)
      expect(missing.json()).toEqual({
        error: 'not_found',
        message: `${declaration.labels.singular} not found`,
        field: declaration.key,
      })
    }
    expect((await call('GET', `${declaration.api}/${unknownKey}`, superadmin)).statusCode).toBe(404)
  })

  test('create, update and delete each left one audit entry with before and after', async () => {
    const audit = await call('GET', `/api/audit?entity=${declaration.name}&entity_id=${key}`, superadmin)
    const [deleted, updated, created] = audit.json().rows
    expect(audit.json().rows).toHaveLength(3)
    expect(created).toMatchObject({ action: 'create', actor_name: 'admin@example.com', before: null, after: expected })
    expect(updated).toMatchObject({ action: 'update', before: expected })
    expect(updated.after).not.toEqual(updated.before)
    expect(deleted).toMatchObject({ action: 'delete', before: updated.after, after: null })
  })

  test('a key that is not one is 400 or 404, never a server error', async () => {
    for (const bad of ['abc', '-1', '99999999999999', '%00']) {
      const response = await call('GET', `${declaration.api}/${bad}`, superadmin)
      expect([400, 404], bad).toContain(response.statusCode)
    }
  })
})

/**
 * Versions, stale writes and the public API of every declared resource (issue 20): each write keeps a
 * version (who, when, changed fields), a PUT with a stale If-Match is 412 naming who changed what, a
 * restore is a new version, and a public resource is readable without a token with its public fields
 * only, an ETag, Cache-Control and 304.
 */
describe.each(stores)('versions and public reads of %s', (_name, store) => {
  const { declaration } = store
  const url = (key: string | number, rest = '') => `${declaration.api}/${encodeURIComponent(String(key))}${rest}`
  let key: string | number
  let created: Record<string, unknown>

  test('create and update each keep a version with the author and the changed fields', async () => {
    await freeExampleKey(store)
    const response = await call('POST', declaration.api, superadmin, declaration.example)
    expect(response.statusCode, response.body).toBe(201)
    expect(response.headers.etag).toMatch(/^"[\w-]{22}"$/)
    created = response.json()
    key = created[declaration.key] as string | number
    const field = editableField(store)!.key
    const updated = await call('PUT', url(key), superadmin, { ...declaration.example, [field]: 'Second wording' })
    expect(updated.statusCode, updated.body).toBe(200)
    const versions = (await call('GET', url(key, '/versions'), superadmin)).json()
    expect(versions[0]).toMatchObject({ action: 'update', changed_fields: [field], actor_name: 'Alex Morgan' })
    expect(versions[0].etag).toBe(updated.headers.etag)
    expect(versions[1]).toMatchObject({ action: 'create', version: versions[0].version - 1 })
    expect(versions[1].etag).toBe(response.headers.etag)
    const first = (await call('GET', url(key, `/versions/${versions[1].version}`), superadmin)).json()
    expect(first.data).toEqual(created)
  })

  test('a PUT with a stale If-Match is 412 saying who changed what; with the current ETag it saves', async () => {
    const read = await call('GET', url(key), superadmin)
    const stale = read.headers.etag as string
    const field = editableField(store)!
    await call('PUT', url(key), superadmin, { ...declaration.example, [field.key]: 'Third wording' })
    const refused = await ctx.request({
      method: 'PUT',
      url: url(key),
      host: 'admin.localhost',
      token: superadmin,
      headers: { 'if-match': stale },
      payload: { ...declaration.example, [field.key]: 'My wording' },
    })
    expect(refused.statusCode).toBe(412)
    expect(refused.json()).toMatchObject({
      error: 'precondition_failed',
      message: `Alex Morgan changed this ${declaration.labels.singular.toLowerCase()} since you opened it (${field.label}).`,
      changes: [expect.objectContaining({ action: 'update', changed_fields: [field.key] })],
    })
    expect((await call('GET', url(key), superadmin)).json()[field.key]).toBe('Third wording')
    const saved = await ctx.request({
      method: 'PUT',
      url: url(key),
      host: 'admin.localhost',
      token: superadmin,
      headers: { 'if-match': refused.json().etag },
      payload: { ...declaration.example, [field.key]: 'My wording' },
    })
    expect(saved.statusCode, saved.body).toBe(200)
  })

  test('two saves from the same read at once: exactly one is kept, the other is 412', async () => {
    const etag = (await call('GET', url(key), superadmin)).headers.etag as string
    const field = editableField(store)!.key
    const save = (wording: string) =>
      ctx.request({
        method: 'PUT',
        url: url(key),
        host: 'admin.localhost',
        token: superadmin,
        headers: { 'if-match': etag },
        payload: { ...declaration.example, [field]: wording },
      })
    const answers = await Promise.all([save('Tab one'), save('Tab two')])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 412])
    const kept = answers.find((answer) => answer.statusCode === 200)!.json()[field]
    expect((await call('GET', url(key), superadmin)).json()[field]).toBe(kept)
  })

  test('restore writes an old version back as a new version', async () => {
    const versions = (await call('GET', url(key, '/versions'), superadmin)).json()
    const oldest = versions.at(-1)
    const restored = await call('POST', url(key, `/versions/${oldest.version}/restore`), superadmin)
    expect(restored.statusCode, restored.body).toBe(200)
    expect(restored.json()).toEqual(created)
    const after = (await call('GET', url(key, '/versions'), superadmin)).json()
    expect(after[0]).toMatchObject({
      action: 'restore',
      restored_from: oldest.version,
      version: versions[0].version + 1,
    })
    expect((await call('POST', url(key, '/versions/99999/restore'), superadmin)).statusCode).toBe(404)
  })

  test.runIf(declaration.public)(
    'the public API serves the public fields without a token, with ETag and 304',
    async () => {
      const name = publicNameOf(declaration)
      const publicKey = declaration.public!.key ?? declaration.key
      const list = await ctx.request({ method: 'GET', url: `/api/public/${name}`, host: 'www.localhost' })
      expect(list.statusCode).toBe(200)
      expect(list.headers['cache-control']).toBe('public, no-cache')
      const rows: Array<Record<string, unknown>> = list.json()
      expect(rows.length).toBeGreaterThan(0)
      const fields = [...declaration.public!.fields].sort()
      for (const row of rows) expect(Object.keys(row).sort()).toEqual(fields)
      const again = await ctx.request({
        method: 'GET',
        url: `/api/public/${name}`,
        host: 'www.localhost',
        headers: { 'if-none-match': list.headers.etag as string },
      })
      expect(again.statusCode).toBe(304)
      const path = `/api/public/${name}/${encodeURIComponent(String(created[publicKey]))}`
      const one = await ctx.request({ method: 'GET', url: path, host: 'www.localhost' })
      expect(one.statusCode).toBe(200)
      expect(Object.keys(one.json()).sort()).toEqual(fields)
      const field = editableField(store)!.key
      await call('PUT', url(key), superadmin, { ...declaration.example, [field]: 'Public wording' })
      const changed = await ctx.request({
        method: 'GET',
        url: path,
        host: 'www.localhost',
        headers: { 'if-none-match': one.headers.etag as string },
      })
      expect(changed.statusCode).toBe(200)
      if (declaration.public!.fields.includes(field)) expect(changed.json()[field]).toBe('Public wording')
      const missing = await ctx.request({
        method: 'GET',
        url: `/api/public/${name}/no-such-${publicKey}`,
        host: 'www.localhost',
      })
      expect([400, 404]).toContain(missing.statusCode)
    },
  )

  test('delete keeps a last version; the versions of a key that never existed are 404', async () => {
    expect((await call('DELETE', url(key), superadmin)).statusCode).toBe(200)
    const versions = (await call('GET', url(key, '/versions'), superadmin)).json()
    expect(versions[0]).toMatchObject({ action: 'delete', changed_fields: [] })
    const unknownKey = hasNumericKey(declaration) ? 2_000_000_000 : 'no-such-key'
    expect((await call('GET', url(unknownKey, '/versions'), superadmin)).statusCode).toBe(404)
  })
})
