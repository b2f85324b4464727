import zlib from 'node:zlib'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { useTestContext } from '../test/context.ts'
import { registerCompression, SYNC_COMPRESSION_LIMIT } from './compression.ts'

const ctx = useTestContext()
let admin: string
beforeAll(async () => {
  admin = await ctx.signInAdmin()
}, 120_000)

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  ctx.request({ method, url, host: 'admin.localhost', token: admin, headers })
const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync }

// Pages of the admin lists (compressed in one call) and the whole admin list.
const PAGES = [
  '/api/locations?role=admin&limit=50&offset=0',
  '/api/locations_bulk_edit?limit=50&offset=0',
  '/api/locations?limit=50&offset=0&sort=name&order=asc',
]
const WHOLE_LIST = '/api/locations?role=admin'

describe('answers compressed on the way out (issue 30)', () => {
  test.each([...PAGES, WHOLE_LIST])(
    '%s decodes, brotli or gzip, to the very JSON a client that takes neither gets',
    async (url) => {
      const plain = await get(url)
      expect(plain.statusCode).toBe(200)
      expect(plain.headers['content-encoding']).toBeUndefined()
      const json = plain.body
      expect(JSON.parse(json)).toBeTruthy()
      if (url !== WHOLE_LIST) expect(Buffer.byteLength(json)).toBeLessThanOrEqual(SYNC_COMPRESSION_LIMIT)
      for (const [accepted, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const response = await get(url, { 'accept-encoding': accepted })
        expect(response.statusCode).toBe(200)
        expect(response.headers['content-encoding']).toBe(encoding)
        expect(response.headers.vary).toMatch(/accept-encoding/i)
        expect(response.headers['content-type']).toMatch(/^application\/json/)
        if (response.headers['content-length'] !== undefined)
          expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length)
        expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(json) / 3)
        expect(decode[encoding](response.rawPayload).toString()).toBe(json)
      }
      const identity = await get(url, { 'accept-encoding': 'identity' })
      expect(identity.headers['content-encoding']).toBeUndefined()
      expect(identity.body).toBe(json)
    },
  )

  test('HEAD of a page sends no body and the length of the JSON itself', async () => {
    const [url] = PAGES
    const plain = await get(url!)
    const head = await get(url!, { 'accept-encoding': 'br' }, 'HEAD')
    expect(head.statusCode).toBe(200)
    expect(head.rawPayload.length).toBe(0)
    expect(head.headers['content-encoding']).toBeUndefined()
    expect(Number(head.headers['content-length'])).toBe(plain.rawPayload.length)
  })

  test('the read cache’s answers are its own bytes, encoded once, with one ETag for every encoding', async () => {
    const field = await ctx.signInField()
    const list = (headers: Record<string, string>) =>
      ctx.request({ method: 'GET', url: '/api/locations', token: field, headers })
    const plain = await list({})
    expect(plain.headers['content-encoding']).toBeUndefined()
    const etag = plain.headers.etag
    for (const encoding of ['br', 'gzip'] as const) {
      const response = await list({ 'accept-encoding': encoding })
      expect(response.headers['content-encoding']).toBe(encoding)
      expect(response.headers.etag).toBe(etag)
      expect(decode[encoding](response.rawPayload).toString()).toBe(plain.body)
      const repeat = await list({ 'accept-encoding': encoding, 'if-none-match': etag as string })
      expect(repeat.statusCode).toBe(304)
      expect(repeat.rawPayload.length).toBe(0)
    }
  })
})

describe('answers of any size, and those that carry their own encoding', () => {
  const rowsOf = (length: number) => JSON.stringify(Array.from({ length }, (_, id) => ({ id, name: `Facility ${id}` })))
  const rows = rowsOf(300)
  // Past the limit: compressed through a stream.
  const many = rowsOf(4000)
  const app = Fastify()
  beforeAll(async () => {
    await registerCompression(app)
    app.get('/gzipped', (_request, reply) =>
      reply.type('application/json').header('content-encoding', 'gzip').send(zlib.gzipSync(rows)),
    )
    app.get('/rows', (_request, reply) => reply.type('application/json').send(rows))
    app.get('/many', (_request, reply) => reply.type('application/json').send(many))
  })
  afterAll(() => app.close())

  test('go out as they are, not encoded a second time', async () => {
    const response = await app.inject({ url: '/gzipped', headers: { 'accept-encoding': 'br, gzip' } })
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(rows)
  })

  test('a client that sends no Accept-Encoding gets the bytes themselves', async () => {
    const response = await app.inject({ url: '/rows' })
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.body).toBe(rows)
    const brotli = await app.inject({ url: '/rows', headers: { 'accept-encoding': 'br' } })
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(rows)
  })

  test('an answer past the limit of one-call compression decodes to itself too', async () => {
    expect(Buffer.byteLength(many)).toBeGreaterThan(SYNC_COMPRESSION_LIMIT)
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const response = await app.inject({ url: '/many', headers: { 'accept-encoding': encoding } })
      expect(response.headers['content-encoding']).toBe(encoding)
      expect(decode(response.rawPayload).toString()).toBe(many)
    }
  })
})
