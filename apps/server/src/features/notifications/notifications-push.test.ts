import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import type http from 'node:http'
import https from 'node:https'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { eq, sql } from 'drizzle-orm'
// @ts-expect-error http_ece ships no types; decrypt(buffer, params) is its documented API
import ece from 'http_ece'
import webPush from 'web-push'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { pushSubscriptions } from '../../db/schema.ts'
import { useTestContext } from '../../test/context.ts'
import { createFreshKeys } from '../tasks/task-test-data.ts'
import { PUSH_QUEUE } from './push.job.ts'

const vapid = webPush.generateVAPIDKeys()
const SUBJECT = 'mailto:ops@harborpoint.example'
const ctx = useTestContext({
  env: {
    WEB_PUSH_PUBLIC_KEY: vapid.publicKey,
    WEB_PUSH_PRIVATE_KEY: vapid.privateKey,
    WEB_PUSH_SUBJECT: SUBJECT,
    WEB_PUSH_TIMEOUT_MS: '1000',
    WEB_PUSH_RETRY_LIMIT: '2',
    WEB_PUSH_RETRY_DELAY_SECONDS: '1',
  },
})

interface Received {
  at: number
  path: string
  headers: http.IncomingHttpHeaders
  body: Buffer
}

/** A throwaway certificate for 127.0.0.1 (web-push speaks HTTPS only), trusted by this test process. */
function localCertificate() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-stand-in-'))
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')]
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  )
  const pair = { key: fs.readFileSync(key), cert: fs.readFileSync(cert) }
  fs.rmSync(dir, { recursive: true, force: true })
  return pair
}
const certificate = localCertificate()
https.globalAgent.options.ca = [certificate.cert]

/**
 * A push service stand-in (RFC 8030 over HTTPS): records each POST and answers 201, or 410 for /gone; a path's
 * queued answers come first (a status, or 'hang' to answer after the sender's timeout).
 */
const received: Received[] = []
const answers = new Map<string, Array<number | 'hang'>>()
const pushService = https.createServer(certificate, (request, response) => {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => {
    const path = request.url ?? ''
    received.push({ at: Date.now(), path, headers: request.headers, body: Buffer.concat(chunks) })
    const answer = answers.get(path)?.shift() ?? (path === '/gone' ? 410 : 201)
    if (answer === 'hang') setTimeout(() => response.writeHead(201).end(), 3000)
    else response.writeHead(answer).end()
  })
})
let origin: string
let cs: string
let pm: string

beforeAll(async () => {
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve))
  origin = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`
  cs = await ctx.signInField('csagent')
  pm = await ctx.signInField('pmanager')
  await ctx.app.ready()
})
afterAll(() => {
  pushService.closeAllConnections()
  return new Promise((resolve) => pushService.close(resolve))
})

const b64url = (buffer: Buffer) => buffer.toString('base64url')

/** A browser's subscription: its own P-256 key pair and auth secret, as PushManager.subscribe() makes them. */
function browserSubscription(path: string) {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return {
    ecdh,
    auth,
    json: { endpoint: `${origin}${path}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } },
  }
}

/** Checks the VAPID Authorization header (RFC 8292): an ES256 JWT for the push service's origin, signed by our key. */
function checkVapid(header: string | undefined) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '')
  expect(match, `Authorization: ${header}`).not.toBeNull()
  const [, jwt, key] = match!
  expect(key).toBe(vapid.publicKey)
  const [head, claims, signature] = jwt!.split('.')
  const point = Buffer.from(key!, 'base64url')
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: 'jwk',
  })
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  )
  expect(valid).toBe(true)
  expect(JSON.parse(Buffer.from(head!, 'base64url').toString())).toMatchObject({ alg: 'ES256' })
  const body = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as { aud: string; sub: string; exp: number }
  expect(body.aud).toBe(origin)
  expect(body.sub).toBe(SUBJECT)
  expect(body.exp * 1000).toBeGreaterThan(Date.now())
}

test('an assignment is pushed once to the subscribed browser: VAPID signed, encrypted for its keys, naming the task', async () => {
  const settings = await ctx.request({ method: 'GET', url: '/api/notifications/settings', token: cs })
  expect(settings.json()).toMatchObject({ push_public_key: vapid.publicKey })
  const browser = browserSubscription('/push/casey-phone')
  const subscribed = await ctx.request({
    method: 'POST',
    url: '/api/notifications/push_subscription',
    token: cs,
    payload: browser.json,
  })
  expect(subscribed.statusCode).toBe(204)

  const keys = createFreshKeys(ctx.db)
  const created = await ctx.request({
    method: 'POST',
    url: '/api/tasks',
    token: pm,
    payload: { ...(await keys.property()), description: 'Lights out in hallway B.', role: 'customer_service' },
  })
  expect(created.statusCode).toBe(201)
  const task = created.json<{ id: number; site_code: string }>()

  await expect.poll(() => received.filter((entry) => entry.path === '/push/casey-phone').length).toBe(1)
  const push = received.find((entry) => entry.path === '/push/casey-phone')!
  checkVapid(push.headers.authorization)
  expect(push.headers['content-encoding']).toBe('aes128gcm')
  expect(Number(push.headers.ttl)).toBeGreaterThan(0)
  const plain = ece.decrypt(push.body, {
    version: 'aes128gcm',
    privateKey: browser.ecdh,
    authSecret: b64url(browser.auth),
  }) as Buffer
  const message = JSON.parse(plain.toString()) as { title: string; body: string; url: string }
  expect(message.url).toBe(`/snapshot/task-details/${task.site_code}/${task.id}`)
  expect(message.body).toContain('new task for your role by Parker Dawson')

  const other = browserSubscription('/push/other')
  expect(() =>
    ece.decrypt(push.body, { version: 'aes128gcm', privateKey: other.ecdh, authSecret: b64url(other.auth) }),
  ).toThrow()
})

test('a subscription the push service says is gone (410) is forgotten; DELETE forgets one', async () => {
  const gone = browserSubscription('/gone')
  await ctx.request({ method: 'POST', url: '/api/notifications/push_subscription', token: pm, payload: gone.json })
  const keys = createFreshKeys(ctx.db)
  const created = await ctx.request({
    method: 'POST',
    url: '/api/tasks',
    token: cs,
    payload: { ...(await keys.property()), description: 'Elevator inspection due.', role: 'property_manager' },
  })
  expect(created.statusCode).toBe(201)
  await expect
    .poll(
      async () =>
        (await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, gone.json.endpoint)))
          .length,
    )
    .toBe(0)

  const browser = browserSubscription('/push/to-delete')
  await ctx.request({ method: 'POST', url: '/api/notifications/push_subscription', token: pm, payload: browser.json })
  const deleted = await ctx.request({
    method: 'DELETE',
    url: '/api/notifications/push_subscription',
    token: pm,
    payload: { endpoint: browser.json.endpoint },
  })
  expect(deleted.statusCode).toBe(204)
  expect(
    await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.json.endpoint)),
  ).toEqual([])
})

test('a subscription that is not a URL is 400 naming the field', async () => {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/notifications/push_subscription',
    token: cs,
    payload: { endpoint: 'not a url', keys: { p256dh: 'a', auth: 'b' } },
  })
  expect(response.statusCode).toBe(400)
  expect(response.json()).toMatchObject({ field: 'endpoint' })
})

const attemptsAt = (path: string) => received.filter((entry) => entry.path === path).map((entry) => entry.at)

/** Subscribes `token`'s user with a browser at `path` and creates a task for `role` as `actor`. */
async function pushedTask(path: string, token: string, actor: string, role: string) {
  const browser = browserSubscription(path)
  await ctx.request({ method: 'POST', url: '/api/notifications/push_subscription', token, payload: browser.json })
  const keys = createFreshKeys(ctx.db)
  const created = await ctx.request({
    method: 'POST',
    url: '/api/tasks',
    token: actor,
    payload: { ...(await keys.property()), description: `Pushed to ${path}`, role },
  })
  expect(created.statusCode).toBe(201)
  const [subscription] = await ctx.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, browser.json.endpoint))
  return subscription!
}

/** The push jobs of one subscription as pg-boss keeps them: state and retries. */
async function pushJobsOf(subscriptionId: number) {
  const result = await ctx.db.execute(
    sql`select state, retry_count from pgboss.job where name = ${PUSH_QUEUE} and (data->>'subscription_id')::int = ${subscriptionId}`,
  )
  return (result as { rows: Array<{ state: string; retry_count: number }> }).rows
}

test('a push the service answers 503, then a timeout, is tried again with a growing delay and arrives once', async () => {
  answers.set('/push/flaky', [503, 'hang'])
  const subscription = await pushedTask('/push/flaky', cs, pm, 'customer_service')
  await expect
    .poll(() => pushJobsOf(subscription.id), { timeout: 30_000 })
    .toEqual([{ state: 'completed', retry_count: 2 }])
  const attempts = attemptsAt('/push/flaky')
  expect(attempts).toHaveLength(3)
  // pg-boss's backoff: 1–2 s after the first failure, 2–4 s after the second (WEB_PUSH_RETRY_DELAY_SECONDS 1).
  expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(1000)
  expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(2000)
  const [kept] = await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id))
  expect(kept).toBeDefined()
})

test('a push the service keeps refusing with 429 is given up after WEB_PUSH_RETRY_LIMIT retries; the subscription stays', async () => {
  answers.set('/push/busy', [429, 429, 429, 429])
  const subscription = await pushedTask('/push/busy', pm, cs, 'property_manager')
  await expect
    .poll(() => pushJobsOf(subscription.id), { timeout: 30_000 })
    .toEqual([{ state: 'failed', retry_count: 2 }])
  expect(attemptsAt('/push/busy')).toHaveLength(3)
  const [kept] = await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id))
  expect(kept).toBeDefined()
})

test('a push refused for good (400) is not tried again', async () => {
  answers.set('/push/refused', [400])
  const subscription = await pushedTask('/push/refused', cs, pm, 'customer_service')
  await expect
    .poll(() => pushJobsOf(subscription.id), { timeout: 30_000 })
    .toEqual([{ state: 'completed', retry_count: 0 }])
  expect(attemptsAt('/push/refused')).toHaveLength(1)
})
