import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import type { AdminPagePath } from '@storageops/contracts/admin-pages'
import type { RateLiveEvent } from '@storageops/contracts/rates'
import { buildApp } from '../app.ts'
import { openDatabase, type Database } from '../db/client.ts'
import { roles, sessions, users } from '../db/schema.ts'
import { ssmClientFor } from '../integrations/ssm/client.ts'
import { useTestContext } from '../test/context.ts'
import { hashToken } from './tokens.ts'

const ctx = useTestContext()
let base: string
let admin: string
const sockets: Socket[] = []

beforeAll(async () => {
  admin = await ctx.signInAdmin()
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(() => sockets.forEach((socket) => socket.close()))

function connect(url: string, auth: Record<string, unknown>): Socket {
  const socket = io(url, { transports: ['polling'], auth, reconnection: false, forceNew: true })
  sockets.push(socket)
  return socket
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('connect_error', reject)
  })
const refusal = (socket: Socket) =>
  new Promise<string>((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected without a valid session')))
    socket.once('connect_error', (error) => resolve(error.message))
  })
const nextEvent = (socket: Socket, event: string) =>
  new Promise<RateLiveEvent>((resolve) => socket.once(event, (payload: RateLiveEvent) => resolve(payload)))

async function publishUpload(app: FastifyInstance) {
  app.live.publish('/street-rate-upload', 'street_rate_upload_event', {
    action: 'createLog',
    logInfo: { id: 1, log: 'Successfully uploaded CSV file!' },
    isError: false,
  } satisfies RateLiveEvent)
}

test('a client over polling without a session, with a bad token or without the page is refused', async () => {
  expect(await refusal(connect(base, { page: '/street-rate-upload' }))).toBe('Please sign in.')
  expect(await refusal(connect(base, { page: '/street-rate-upload', token: 'not-a-token' }))).toBe('Please sign in.')
  const cs = await ctx.signInAdmin('cs@example.com')
  expect(await refusal(connect(base, { page: '/street-rate-upload', token: cs }))).toBe(
    "Permission required! You're not authorized for this page.",
  )
  expect(await refusal(connect(base, { page: '/nowhere', token: admin }))).toBe('Name the page to watch in auth.page.')
  const field = await ctx.signInField()
  expect(await refusal(connect(base, { page: '/street-rate-upload', token: field }))).toBe(
    "Permission required! You're not authorized for this page.",
  )
})

test("a signed-in admin allowed the page receives its events, and only that page's", async () => {
  const watcher = connect(base, { page: '/street-rate-upload', token: admin })
  const other = connect(base, { page: '/tenant-rate-upload', token: admin })
  await Promise.all([connected(watcher), connected(other)])
  let leaked = false
  other.on('street_rate_upload_event', () => (leaked = true))
  const received = nextEvent(watcher, 'street_rate_upload_event')
  await publishUpload(ctx.app)
  expect(await received).toEqual({
    action: 'createLog',
    logInfo: { id: 1, log: 'Successfully uploaded CSV file!' },
    isError: false,
  })
  expect(leaked).toBe(false)
})

const disconnected = (socket: Socket) =>
  new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)))

/** Publishes on `page` until `witness` (still signed in) hears it; answers whether `ended` heard it too. */
async function heardAfter(page: AdminPagePath, witness: Socket, ended: Socket): Promise<boolean> {
  let heard = false
  ended.on('street_rate_upload_event', () => (heard = true))
  const received = nextEvent(witness, 'street_rate_upload_event')
  ctx.app.live.publish(page, 'street_rate_upload_event', {
    action: 'createLog',
    logInfo: { id: 2, log: 'after the session ended' },
    isError: false,
  } satisfies RateLiveEvent)
  await received
  return heard
}
test('a watcher whose session is logged out is disconnected at once and gets no further events', async () => {
  const token = await ctx.signInAdmin()
  const leaving = connect(base, { page: '/street-rate-upload', token })
  const staying = connect(base, { page: '/street-rate-upload', token: admin })
  await Promise.all([connected(leaving), connected(staying)])
  const gone = disconnected(leaving)
  expect((await ctx.adminCall('POST', '/api/logout', token)).statusCode).toBe(204)
  expect(await gone).toBe('io server disconnect')
  expect(await heardAfter('/street-rate-upload', staying, leaving)).toBe(false)
})

test('a watcher is disconnected when its user is disabled, and when its role loses the page', async () => {
  const editor = await ctx.signInAdmin('editor@example.com', 'editor-demo')
  const watcher = connect(base, { page: '/blogs', token: editor })
  const staying = connect(base, { page: '/blogs', token: admin })
  await Promise.all([connected(watcher), connected(staying)])
  const gone = disconnected(watcher)
  await ctx.db.update(users).set({ disabled: true }).where(eq(users.email, 'editor@example.com'))
  try {
    expect(await gone).toBe('io server disconnect')
    expect(await heardAfter('/blogs', staying, watcher)).toBe(false)
  } finally {
    await ctx.db.update(users).set({ disabled: false }).where(eq(users.email, 'editor@example.com'))
  }

  const again = connect(base, { page: '/blogs', token: await ctx.signInAdmin('editor@example.com', 'editor-demo') })
  await connected(again)
  const [role] = await ctx.db.select().from(roles).where(eq(roles.name, 'Content Editor'))
  const lost = disconnected(again)
  await ctx.db
    .update(roles)
    .set({ allowed_pages: role!.allowed_pages.filter((page) => page !== '/blogs') })
    .where(eq(roles.id, role!.id))
  try {
    expect(await lost).toBe('io server disconnect')
  } finally {
    await ctx.db.update(roles).set({ allowed_pages: role!.allowed_pages }).where(eq(roles.id, role!.id))
  }
})

test('a watcher is disconnected when its session expires', async () => {
  const token = await ctx.signInAdmin()
  await ctx.db
    .update(sessions)
    .set({ expires_at: new Date(Date.now() + 1500) })
    .where(eq(sessions.token_hash, hashToken(token)))
  const expiring = connect(base, { page: '/street-rate-upload', token })
  const staying = connect(base, { page: '/street-rate-upload', token: admin })
  await Promise.all([connected(expiring), connected(staying)])
  expect(await disconnected(expiring)).toBe('io server disconnect')
  expect(await heardAfter('/street-rate-upload', staying, expiring)).toBe(false)
})

test.runIf(process.env.TEST_DB === 'postgres')(
  "with two instances on one PostgreSQL, a watcher of either gets the other's events",
  async () => {
    let second: FastifyInstance | undefined
    let database: Database | undefined
    try {
      database = await openDatabase({ url: ctx.databaseUrl! })
      second = await buildApp({
        env: ctx.env,
        db: database.db,
        ssm: ssmClientFor(ctx.env, ctx.ssm.url),
        files: ctx.files,
        webDist: path.join(ctx.filesDir, 'no-web'),
      })
      const secondBase = await second.listen({ port: 0, host: '127.0.0.1' })
      const onSecond = connect(secondBase, { page: '/street-rate-upload', token: admin })
      const onFirst = connect(base, { page: '/street-rate-upload', token: admin })
      await Promise.all([connected(onSecond), connected(onFirst)])
      // The adapter's LISTEN is set up when the namespace's adapter starts; publish until the other side hears it.
      const received = nextEvent(onSecond, 'street_rate_upload_event')
      const echoed = nextEvent(onFirst, 'street_rate_upload_event')
      let done = false
      void received.then(() => (done = true))
      for (let tries = 0; tries < 50 && !done; tries++) {
        await publishUpload(ctx.app)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect((await received).logInfo.log).toBe('Successfully uploaded CSV file!')
      expect((await echoed).logInfo.log).toBe('Successfully uploaded CSV file!')
    } finally {
      await second?.close()
      await database?.close()
    }
  },
)
