import zlib from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { sendCachedRead } from './read-cache.ts'
import type { ReadVersions } from './read-versions.ts'

// How the read cache computes (issue 17): one computation for requests that find no answer, and the answer after a
// turn of the clock computed ahead for that moment. A route over a counted computation and a counter set by the test.
const Answer = z.object({ at: z.string(), version: z.number() })
const Rows = z.array(z.object({ site_code: z.string(), open: z.number() }))
let app: FastifyInstance
let version: number
let validFor: number
let calls: Date[]
let release: (() => void) | null

beforeEach(async () => {
  version = 1
  validFor = Number.POSITIVE_INFINITY
  calls = []
  release = null
  app = Fastify()
  app.decorate('readVersions', {
    version: () => version,
    inMemory: () => true,
    onLost: () => {},
    caughtUp: async () => {},
  } satisfies ReadVersions)
  app.get('/answer', (request, reply) =>
    sendCachedRead(app, request, reply, 'answer', Answer, async (now) => {
      calls.push(now)
      const seen = version
      if (release === null) await new Promise<void>((resolve) => (release = resolve))
      return { body: { at: now.toISOString(), version: seen }, validUntil: now.getTime() + validFor }
    }),
  )
  app.get('/rows', (request, reply) =>
    sendCachedRead(app, request, reply, 'rows', Rows, async () => ({
      body: Array.from({ length: 1500 }, (_, index) => ({ site_code: `TX${100 + index}`, open: index % 13 })),
      validUntil: Number.POSITIVE_INFINITY,
    })),
  )
  // Rows whose figures turn with the clock, every `validFor` ms.
  app.get('/turning', (request, reply) =>
    sendCachedRead(app, request, reply, 'turning', Rows, async (now) => ({
      body: Array.from({ length: 1500 }, (_, index) => ({
        site_code: `TX${100 + index}`,
        open: (index * 7 + Math.floor(now.getTime() / validFor)) % 13,
      })),
      validUntil: (Math.floor(now.getTime() / validFor) + 1) * validFor,
    })),
  )
  await app.ready()
})
afterEach(() => app.close())

const read = async () => {
  const response = await app.inject({ method: 'GET', url: '/answer', headers: { 'accept-encoding': 'identity' } })
  expect(response.statusCode).toBe(200)
  return response.json<z.infer<typeof Answer>>()
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('the read cache computes', () => {
  test('once for twenty requests that arrive while the answer is being computed', async () => {
    const answers = Array.from({ length: 20 }, () => read())
    await settle()
    release!()
    const bodies = await Promise.all(answers)
    expect(calls).toHaveLength(1)
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1)
    // A moved counter is a new computation, shared again.
    version = 2
    release = null
    const again = Array.from({ length: 5 }, () => read())
    await settle()
    release!()
    expect((await Promise.all(again)).map((body) => body.version)).toEqual([2, 2, 2, 2, 2])
    expect(calls).toHaveLength(2)
  })

  test('the answer for the moment the clock turns it, ahead, and sends it from that moment without computing', async () => {
    release = () => {}
    validFor = 1000
    const first = await read()
    const turn = Date.parse(first.at) + 1000
    // Served within 5 s of its turn: its successor is computed for the turn itself, not for now.
    await settle()
    expect(calls.map((at) => at.getTime())).toEqual([Date.parse(first.at), turn])
    expect(await read()).toEqual(first)
    await new Promise((resolve) => setTimeout(resolve, turn - Date.now() + 5))
    const next = await read()
    expect(Date.parse(next.at)).toBe(turn)
    expect(calls).toHaveLength(3) // the one after it, ahead again
  })

  test('a successor computed ahead is not sent once the counter has moved', async () => {
    release = () => {}
    validFor = 200
    await read()
    await settle()
    expect(calls).toHaveLength(2)
    version = 2
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect((await read()).version).toBe(2)
  })
})

describe('the read cache compresses', () => {
  test('once fast, then at brotli’s best off the event loop: smaller bytes, the same answer', async () => {
    const rows = (encoding: string) =>
      app.inject({ method: 'GET', url: '/rows', headers: { 'accept-encoding': encoding } })
    const plain = await rows('identity')
    const first = await rows('br')
    expect(first.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(first.rawPayload).toString()).toBe(plain.body)
    await expect
      .poll(async () => (await rows('br')).rawPayload.length, { timeout: 20_000 })
      .toBeLessThan(first.rawPayload.length)
    const best = await rows('br')
    expect(zlib.brotliDecompressSync(best.rawPayload).toString()).toBe(plain.body)
    expect(best.headers.etag).toBe(first.headers.etag)
    const gzipped = await rows('gzip')
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body)
  })

  test('an answer computed again with the same bytes keeps its ETag and its best brotli bytes at once', async () => {
    const rows = () => app.inject({ method: 'GET', url: '/rows', headers: { 'accept-encoding': 'br' } })
    const plain = await app.inject({ method: 'GET', url: '/rows', headers: { 'accept-encoding': 'identity' } })
    const best = zlib.brotliCompressSync(plain.rawPayload, atBest(plain.rawPayload))
    await expect.poll(async () => (await rows()).rawPayload.length, { timeout: 20_000 }).toBe(best.length)
    const { etag } = (await rows()).headers
    version = 2 // a write elsewhere: computed again, same rows
    const after = await rows()
    expect(after.headers.etag).toBe(etag)
    expect(after.rawPayload).toEqual(best)
  })

  test('an answer computed ahead for a turn of the clock is sent at brotli’s best from that moment', async () => {
    validFor = 4000
    const turning = () => app.inject({ method: 'GET', url: '/turning', headers: { 'accept-encoding': 'br' } })
    const nextTurn = () =>
      new Promise((resolve) => setTimeout(resolve, (Math.floor(Date.now() / validFor) + 1) * validFor - Date.now() + 5))
    // Asked just after a turn, so the answer ahead has a whole period to be computed (not a few ms before the turn).
    await nextTurn()
    const first = await turning()
    await nextTurn()
    const next = await turning()
    const plain = await app.inject({ method: 'GET', url: '/turning', headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers.etag).not.toBe(first.headers.etag)
    expect(next.headers.etag).toBe(plain.headers.etag)
    const best = zlib.brotliCompressSync(plain.rawPayload, atBest(plain.rawPayload))
    expect(best.length).toBeLessThan(zlib.brotliCompressSync(plain.rawPayload, atQuality(4)).length)
    expect(next.rawPayload).toEqual(best)
  })
})

const atQuality = (quality: number, size = 0) => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
})
const atBest = (identity: Buffer) => atQuality(zlib.constants.BROTLI_MAX_QUALITY, identity.length)
