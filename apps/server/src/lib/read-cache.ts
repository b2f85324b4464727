import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { negotiate } from '@fastify/accept-negotiator'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'

/** A computed answer and the moment it stops being true by the clock alone (a task turning past due, a new day). */
export interface TimedAnswer<T> {
  body: T
  validUntil: number
}

/** An answer as sent, true at counter `version` from `from` until `until` (ms since epoch). */
interface Entry {
  version: number
  from: number
  until: number
  etag: string
  identity: Buffer
  br: Buffer
  gzip: Buffer
  /** The answer from `until` on, computed ahead while this one is still served (null: not started). */
  next: Entry | 'computing' | null
}

interface Cache {
  entries: Map<string, Entry>
  /** The computation under way per key, shared by every request that finds no answer meanwhile. */
  running: Map<string, { version: number; entry: Promise<Entry> }>
}

const caches = new WeakMap<FastifyInstance, Cache>()
/** Keys a list read makes (page, filters) are many: the least recently computed answers go first past this. */
const MAX_ENTRIES = 5_000
/** An answer that turns by the clock within this long has its successor computed ahead, off the requests' path. */
const PREPARE_MS = 5_000
const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)
const brotliAt = (quality: number, size: number) => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
})
/** Brotli's fastest useful quality for the first bytes sent; its best makes them smaller later (≈half, for 1,500 rows). */
const FIRST_QUALITY = 4
/**
 * Answers waiting for brotli's best quality, compressed one at a time (seconds for a large answer, on libuv's thread
 * pool); past MAX_WAITING the oldest are left at the first quality.
 */
const waitingForBest: Entry[] = []
const MAX_WAITING = 100
let compressingBest = false

async function compressBest() {
  compressingBest = true
  try {
    for (let entry = waitingForBest.shift(); entry; entry = waitingForBest.shift()) {
      const { identity } = entry
      const smaller = await brotli(identity, brotliAt(zlib.constants.BROTLI_MAX_QUALITY, identity.length)).catch(
        () => null,
      )
      if (smaller && smaller.length < entry.br.length) entry.br = smaller
    }
  } finally {
    compressingBest = false
  }
}

/**
 * The `read_versions` counter an answer depends on ('facility_figures'; 'content' for the public content API) and
 * the Cache-Control it is sent with.
 */
export interface CachedReadOptions {
  counter?: string
  cacheControl?: string
}

function cacheOf(app: FastifyInstance): Cache {
  let cache = caches.get(app)
  if (!cache) {
    const created: Cache = { entries: new Map(), running: new Map() }
    caches.set(app, (cache = created))
    app.readVersions.onLost(() => created.entries.clear())
  }
  return cache
}

async function build<T>(
  version: number,
  at: number,
  schema: z.ZodType<T>,
  compute: (now: Date) => Promise<TimedAnswer<T>>,
): Promise<Entry> {
  const answer = await compute(new Date(at))
  const identity = Buffer.from(JSON.stringify(schema.parse(answer.body)))
  // Off the event loop: compressing a 1,500-row answer took tens of milliseconds of every request's time.
  const [br, gz] = await Promise.all([brotli(identity, brotliAt(FIRST_QUALITY, identity.length)), gzip(identity)])
  const entry: Entry = {
    version,
    from: at,
    until: answer.validUntil,
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
    identity,
    br,
    gzip: gz,
    next: null,
  }
  waitingForBest.push(entry)
  if (waitingForBest.length > MAX_WAITING) waitingForBest.shift()
  if (!compressingBest) void compressBest()
  return entry
}

function store(cache: Cache, key: string, entry: Entry) {
  cache.entries.delete(key)
  cache.entries.set(key, entry)
  if (cache.entries.size > MAX_ENTRIES) cache.entries.delete(cache.entries.keys().next().value!)
}

/**
 * A derived read served from memory while exact (issue 17): checked, serialised and compressed once, reused while the
 * trigger-moved counter (held in memory by read-versions.ts) is unchanged and before `validUntil`; ETag / 304.
 * Concurrent requests that find no answer share one computation; an answer about to turn by the clock has the next
 * one computed ahead for the moment it turns (the computations take `now`), so requests do not wait for it.
 */
export async function sendCachedRead<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  schema: z.ZodType<T>,
  compute: (now: Date) => Promise<TimedAnswer<T>>,
  { counter = 'facility_figures', cacheControl = 'private, no-cache' }: CachedReadOptions = {},
) {
  const cache = cacheOf(app)
  const current = app.readVersions.version(counter)
  const version = typeof current === 'number' ? current : await current
  const now = Date.now()
  let entry = cache.entries.get(key)
  const next = entry?.next
  if (entry && typeof next === 'object' && next && next.version === version && next.from <= now && now < next.until)
    store(cache, key, (entry = next))
  if (!entry || entry.version !== version || entry.until <= now) {
    let running = cache.running.get(key)
    if (!running || running.version !== version) {
      const started = { version, entry: build(version, now, schema, compute) }
      cache.running.set(key, (running = started))
      void started.entry.then(
        (built) => {
          if (cache.running.get(key) === started) cache.running.delete(key)
          store(cache, key, built)
        },
        () => cache.running.get(key) === started && cache.running.delete(key),
      )
    }
    entry = await running.entry
    // Started before this request with the same counter; true from then on unless the clock has moved past it since.
    if (entry.until <= now) store(cache, key, (entry = await build(version, now, schema, compute)))
  }
  if (entry.next === null && entry.until - now <= PREPARE_MS) {
    const ahead = entry
    ahead.next = 'computing'
    build(version, ahead.until, schema, compute).then(
      (built) => (ahead.next = built),
      () => (ahead.next = null),
    )
  }
  reply.header('etag', entry.etag).header('cache-control', cacheControl).header('vary', 'Accept-Encoding')
  if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send()
  reply.type('application/json; charset=utf-8')
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip'])
  if (encoding === 'br' || encoding === 'gzip') return reply.header('content-encoding', encoding).send(entry[encoding])
  return reply.send(entry.identity)
}
