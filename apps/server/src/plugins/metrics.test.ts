import { eq } from 'drizzle-orm'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { communicationTemplates, communications } from '../db/schema.ts'
import { useTestContext } from '../test/context.ts'
import { decideScrape } from './auth.ts'

const METRICS_TOKEN = 'metrics-test-token-0123456789'
const ctx = useTestContext({ env: { METRICS_TOKEN } })
let base: string
let field: string
let admin: string
beforeAll(async () => {
  field = await ctx.signInField('rmanager')
  admin = await ctx.signInAdmin()
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
})

async function scrape(): Promise<string> {
  const response = await ctx.request({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    remoteAddress: '203.0.113.7',
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.body
}

/** The value of the sample `name{labels}` (labels in the order prom-client writes them), or undefined. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}${labels ? `{${labels}}` : ''} `))
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1))
}

describe('who may read GET /metrics', () => {
  test('without the token, with a wrong one or with a session’s token the answer is 401', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Bearer ${admin}`]) {
      const response = await ctx.request({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
        remoteAddress: '127.0.0.1',
      })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({
        error: 'unauthorized',
        message: 'Metrics need the bearer METRICS_TOKEN.',
      })
      expect(response.body).not.toContain('storageops_')
    }
  })

  test('with the token it answers from any machine in Prometheus’s text format', async () => {
    const response = await ctx.request({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      remoteAddress: '203.0.113.7',
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-store')
    for (const family of [
      'storageops_http_request_duration_seconds histogram',
      'storageops_db_pool_connections gauge',
      'storageops_read_cache gauge',
      'storageops_job_queue_depth gauge',
      'storageops_outbox_backlog gauge',
      'storageops_outbox_oldest_age_seconds gauge',
      'storageops_live_watchers gauge',
      'process_resident_memory_bytes gauge',
    ])
      expect(response.body).toContain(`# TYPE ${family}`)
  })

  test('it is in the OpenAPI document, which the malformed-input walk follows', async () => {
    const document = (await ctx.request({ method: 'GET', url: '/api/docs/json', host: 'admin.localhost' })).json<{
      paths: Record<string, Record<string, unknown>>
    }>()
    expect(Object.keys(document.paths['/metrics'] ?? {})).toEqual(['get'])
  })

  test('with no token set, only this machine passes, and not through a proxy', () => {
    const from = (remoteAddress: string | undefined, forwarded = false) =>
      decideScrape(undefined, { bearer: null, remoteAddress, forwarded })
    expect(from('127.0.0.1')).toBe('ok')
    expect(from('::1')).toBe('ok')
    expect(from('::ffff:127.0.0.1')).toBe('ok')
    expect(from('127.0.0.1', true)).toBe(403)
    expect(from('10.0.0.3')).toBe(403)
    expect(from('::ffff:10.0.0.3')).toBe(403)
    expect(from('1270.0.0.1')).toBe(403)
    expect(from(undefined)).toBe(403)
    expect(decideScrape(undefined, { bearer: 'anything', remoteAddress: '203.0.113.7', forwarded: false })).toBe(403)
  })

  test('with a token set, this machine needs it too', () => {
    expect(decideScrape(METRICS_TOKEN, { bearer: null, remoteAddress: '127.0.0.1', forwarded: false })).toBe(401)
    expect(decideScrape(METRICS_TOKEN, { bearer: METRICS_TOKEN, remoteAddress: '10.0.0.3', forwarded: true })).toBe(
      'ok',
    )
    expect(
      decideScrape(METRICS_TOKEN, { bearer: `${METRICS_TOKEN}x`, remoteAddress: '127.0.0.1', forwarded: false }),
    ).toBe(401)
  })
})

describe('the figures move', () => {
  test('request latency is counted per route pattern, never per raw URL', async () => {
    const route = 'method="GET",route="/api/locations/:id",status_code="404"'
    const before = sample(await scrape(), 'storageops_http_request_duration_seconds_count', route) ?? 0
    for (const id of [987654, 987655])
      expect((await ctx.adminCall('GET', `/api/locations/${id}`, admin)).statusCode).toBe(404)
    const after = await scrape()
    expect(sample(after, 'storageops_http_request_duration_seconds_count', route)).toBe(before + 2)
    expect(after).not.toContain('987654')
    const health = 'method="GET",route="/api/health",status_code="200"'
    await ctx.request({ method: 'GET', url: '/api/health' })
    expect(sample(await scrape(), 'storageops_http_request_duration_seconds_count', health)).toBeGreaterThan(0)
  })

  test('the database pool shows its connections (PGlite: its one connection)', async () => {
    const text = await scrape()
    if (ctx.dbKind === 'pglite') {
      expect(sample(text, 'storageops_db_pool_connections', 'state="max"')).toBe(1)
      expect(text).not.toContain('storageops_db_pool_waiting')
    } else {
      expect(sample(text, 'storageops_db_pool_connections', 'state="max"')).toBe(10)
      expect(sample(text, 'storageops_db_pool_connections', 'state="idle"')).toBeGreaterThanOrEqual(1)
      expect(sample(text, 'storageops_db_pool_waiting')).toBe(0)
    }
  })

  test('the read cache counts the answers it keeps', async () => {
    const before = sample(await scrape(), 'storageops_read_cache', 'figure="entries"')!
    const overview = await ctx.request({ method: 'GET', url: '/api/tasks/overview', token: field })
    expect(overview.statusCode).toBe(200)
    const after = await scrape()
    expect(sample(after, 'storageops_read_cache', 'figure="entries"')).toBeGreaterThan(before)
    expect(sample(after, 'storageops_read_cache', 'figure="bytes"')).toBeGreaterThan(overview.rawPayload.length)
  })

  test('a job waiting on its queue shows in that queue’s depth', async () => {
    await ctx.app.jobs.send('metrics-test', {})
    const text = await scrape()
    expect(sample(text, 'storageops_job_queue_depth', 'queue="metrics-test",state="waiting"')).toBe(1)
    expect(sample(text, 'storageops_job_queue_depth', 'queue="metrics-test",state="active"')).toBe(0)
  })

  test('a message waiting in the outbox shows in the backlog with its age', async () => {
    // Messages queued by earlier tests wait too, so the outbox cannot send one between the two scrapes.
    await ctx.db
      .update(communications)
      .set({ next_attempt_at: new Date(Date.now() + 3_600_000) })
      .where(eq(communications.status, 'queued'))
    const before = sample(await scrape(), 'storageops_outbox_backlog', 'status="queued"')!
    const [template] = await ctx.db.select({ id: communicationTemplates.id }).from(communicationTemplates).limit(1)
    await ctx.db.insert(communications).values({
      idempotency_key: 'metrics-test/1#email',
      template_id: template!.id,
      method: 'email',
      email_address: 'tenant@example.com',
      data: {},
      // Due in an hour, so the outbox leaves it queued during the test.
      next_attempt_at: new Date(Date.now() + 3_600_000),
      createdAt: new Date(Date.now() - 120_000),
    })
    const text = await scrape()
    expect(sample(text, 'storageops_outbox_backlog', 'status="queued"')).toBe(before + 1)
    expect(sample(text, 'storageops_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(119)
  })

  describe('live channel', () => {
    const sockets: Socket[] = []
    afterAll(() => sockets.forEach((socket) => socket.close()))

    test('a watcher counts for its page while connected', async () => {
      const page = 'page="/street-rate-upload"'
      expect(sample(await scrape(), 'storageops_live_watchers', page)).toBeUndefined()
      const socket = io(base, {
        transports: ['polling'],
        auth: { token: admin, page: '/street-rate-upload' },
        reconnection: false,
        forceNew: true,
      })
      sockets.push(socket)
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve)
        socket.once('connect_error', reject)
      })
      expect(sample(await scrape(), 'storageops_live_watchers', page)).toBe(1)
      socket.close()
      await expect.poll(async () => sample(await scrape(), 'storageops_live_watchers', page)).toBeUndefined()
    })
  })
})
