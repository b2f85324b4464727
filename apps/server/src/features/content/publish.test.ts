import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { contentPublishes } from '../../db/schema.ts'
import { useTestContext } from '../../test/context.ts'
import type { AdminSession } from '../../lib/admin-session.ts'
import { publishContents } from './publish.service.ts'

const ctx = useTestContext()
let superadmin: string
beforeAll(async () => {
  superadmin = await ctx.signInAdmin('admin@example.com')
}, 120_000)

const publish = (token: string) =>
  ctx.request({ method: 'POST', url: '/api/publish_contents', host: 'admin.localhost', token })
const endCooldown = () => ctx.db.update(contentPublishes).set({ requested_at: sql`now() - interval '61 seconds'` })

describe('Rebuild CMS Pages', () => {
  test("without PUBLISH_HOOK_URL the request is recorded and the spec's success message returned", async () => {
    const response = await publish(superadmin)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      message: 'Done, content updates will be published in a few minutes!',
      target: 'recorded',
      cooldown_seconds: 60,
    })
    const rows = await ctx.db.select().from(contentPublishes)
    expect(rows).toEqual([expect.objectContaining({ requested_by_email: 'admin@example.com', status: 'recorded' })])
  })

  test('a second rebuild within 60 seconds is refused with 429, by anyone, and allowed after', async () => {
    const editor = await ctx.signInAdmin('editor@example.com')
    const refused = await publish(editor)
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(50)
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60)
    await endCooldown()
    expect((await publish(editor)).statusCode).toBe(200)
  })

  test('GET tells every user the cooldown left after the last rebuild, 0 once it is over', async () => {
    await endCooldown()
    const editor = await ctx.signInAdmin('editor@example.com')
    const read = () =>
      ctx.request({ method: 'GET', url: '/api/publish_contents', host: 'admin.localhost', token: editor })
    expect((await read()).json()).toMatchObject({ cooldown_remaining_seconds: 0 })
    expect((await publish(superadmin)).statusCode).toBe(200)
    const during = await read()
    expect(during.statusCode).toBe(200)
    expect(during.json().cooldown_remaining_seconds).toBeGreaterThan(50)
    expect(during.json().cooldown_remaining_seconds).toBeLessThanOrEqual(60)
    expect(Date.parse(during.json().last_requested_at)).toBeGreaterThan(Date.now() - 60_000)
    await endCooldown()
    expect((await read()).json()).toMatchObject({ cooldown_remaining_seconds: 0 })
  })

  test('two rebuilds at the same moment: exactly one passes', async () => {
    await endCooldown()
    const statuses = (await Promise.all([publish(superadmin), publish(superadmin), publish(superadmin)]))
      .map((response) => response.statusCode)
      .sort()
    expect(statuses).toEqual([200, 429, 429])
  })

  test("with PUBLISH_HOOK_URL the hook gets a POST; a failing hook gives 'Failed to publish contents.'", async () => {
    await endCooldown()
    const session = (
      await ctx.request({ method: 'GET', url: '/api/session', host: 'admin.localhost', token: superadmin })
    ).json()
    const actor = { id: 0, kind: 'admin', user: session.user, expiresAt: new Date() } as AdminSession
    // The website's rebuild hook stands in as a real HTTP server on a loopback port.
    const calls: Array<{ method: string; url: string; type: string; body: string }> = []
    let status = 200
    const server = http.createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        calls.push({ method: request.method!, url: request.url!, type: request.headers['content-type'] ?? '', body })
        response.writeHead(status).end()
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const settings = { PUBLISH_HOOK_URL: `http://127.0.0.1:${port}/build?site=www`, PUBLISH_HOOK_TIMEOUT_MS: 5000 }
    try {
      await expect(publishContents(ctx.db, actor, settings, [])).resolves.toMatchObject({
        message: 'Done, content updates will be published in a few minutes!',
        target: 'hook',
      })
      expect(calls).toHaveLength(1)
      expect(calls[0]).toMatchObject({ method: 'POST', url: '/build?site=www', type: 'application/json' })
      const sent = JSON.parse(calls[0]!.body)
      expect(sent).toEqual({
        requested_at: expect.any(String),
        requested_by: 'admin@example.com',
        since: expect.any(String),
        changes: [],
        truncated: false,
      })
      const [latest] = await ctx.db
        .select()
        .from(contentPublishes)
        .orderBy(sql`${contentPublishes.id} desc`)
        .limit(1)
      expect(sent.requested_at).toBe(latest!.requested_at.toISOString())
      expect(latest).toMatchObject({ status: 'sent', response_status: 200 })
      await endCooldown()
      status = 500
      await expect(publishContents(ctx.db, actor, settings, [])).rejects.toMatchObject({
        statusCode: 502,
        message: 'Failed to publish contents.',
      })
      expect(calls).toHaveLength(2)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
    const statuses = (await ctx.db.select().from(contentPublishes)).map((row) => row.status)
    expect(statuses.slice(-2)).toEqual(['sent', 'failed'])
  })

  test('field-tool users and roles without a published content page may not rebuild', async () => {
    await endCooldown()
    expect((await publish(await ctx.signInField())).statusCode).toBe(403)
    expect(
      (await ctx.request({ method: 'POST', url: '/api/publish_contents', host: 'admin.localhost' })).statusCode,
    ).toBe(401)
    const field = await ctx.signInField()
    expect(
      (await ctx.request({ method: 'GET', url: '/api/publish_contents', host: 'admin.localhost', token: field }))
        .statusCode,
    ).toBe(403)
    expect(
      (await ctx.request({ method: 'GET', url: '/api/publish_contents', host: 'admin.localhost' })).statusCode,
    ).toBe(401)
  })
})
