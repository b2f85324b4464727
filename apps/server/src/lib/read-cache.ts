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

/** An answer's bytes as sent, shared by every entry with the same bytes (the best brotli reaches them all). */
interface Encoded {
  etag: string
  identity: Buffer
  br: Buffer
  gzip: Buffer
}

/** An answer as sent, true at counter `version` from `from` until `until` (ms since epoch). */
interface Entry {
  version: number
  from: number
  until: number
  encoded: Encoded
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
/** An answer turning by the clock within this long has its successor computed and compressed at brotli's best ahead. */
const PREPARE_MS = 15_000
const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)
const brotliAt = (quality: number, size: number) => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
})
/** Brotli's quality for the first bytes sent (decision 010: 13–17 % fewer bytes than 4 for 2–6 ms). */
const FIRST_QUALITY = 5
/** Answers waiting for brotli's best quality, one at a time; past MAX_WAITING the oldest keep the first quality. */
const waitingForBest: Array<{ encoded: Encoded; first: boolean; done: () => void }> = []
const MAX_WAITING = 100
let compressingBest = false

async function compressBest() {
  compressingBest = true
  try {
    for (let next = waitingForBest.shift(); next; next = waitingForBest.shift()) {
      const { encoded } = next
      const { identity } = encoded
      const smaller = await brotli(identity, brotliAt(zlib.constants.BROTLI_MAX_QUALITY, identity.length)).catch(
        () => null,
      )
      if (smaller && smaller.length < encoded.br.length) encoded.br = smaller
      next.done()
    }
  } finally {
    compressingBest = false
  }
}

/** Resolves once `encoded` has its best brotli bytes (or was left at the first quality); `first`: ahead of the queue. */
function compressAtBest(encoded: Encoded, first: boolean): Promise<void> {
  return new Promise((done) => {
    if (first) waitingForBest.unshift({ encoded, first, done })
    else waitingForBest.push({ encoded, first, done })
    if (waitingForBest.length > MAX_WAITING) {
      const oldest = waitingForBest.findIndex((waiting) => !waiting.first)
      waitingForBest.splice(oldest < 0 ? -1 : oldest, 1)[0]!.done()
    }
    if (!compressingBest) void compressBest()
  })
}

/** The `read_versions` counter an answer depends on and the Cache-Control it is sent with. */
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

/** The answer at `at`, reusing `previous`'s ETag and bytes when equal; `ahead`: compressed at its best first. */
async function build<T>(
  version: number,
  at: number,
  schema: z.ZodType<T>,
  compute: (now: Date) => Promise<TimedAnswer<T>>,
  previous: Entry | undefined,
  ahead = false,
): Promise<Entry> {
  const answer = await compute(new Date(at))
  const identity = Buffer.from(JSON.stringify(schema.parse(answer.body)))
  const entry = { version, from: at, until: answer.validUntil, next: null }
  if (previous?.encoded.identity.equals(identity)) return { ...entry, encoded: previous.encoded }
  const [br, gz] = await Promise.all([brotli(identity, brotliAt(FIRST_QUALITY, identity.length)), gzip(identity)])
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`
  const encoded: Encoded = { etag, identity, br, gzip: gz }
  const best = compressAtBest(encoded, ahead)
  if (ahead) await best
  return { ...entry, encoded }
}

function store(cache: Cache, key: string, entry: Entry) {
  cache.entries.delete(key)
  cache.entries.set(key, entry)
  if (cache.entries.size > MAX_ENTRIES) cache.entries.delete(cache.entries.keys().next().value!)
}

/**
 * A derived read served from memory while exact (issue 17, decision 010): reused while its read_versions counter is
 * unchanged and before `validUntil`; ETag / 304. Concurrent misses share one computation.
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
      const started = { version, entry: build(version, now, schema, compute, entry) }
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
    if (entry.until <= now) store(cache, key, (entry = await build(version, now, schema, compute, entry)))
  }
  if (entry.next === null && entry.until - now <= PREPARE_MS) {
    const ahead = entry
    ahead.next = 'computing'
    build(version, ahead.until, schema, compute, ahead, true).then(
      (built) => (ahead.next = built),
      () => (ahead.next = null),
    )
  }
  const { encoded } = entry
  reply.header('etag', encoded.etag).header('cache-control', cacheControl).header('vary', 'Accept-Encoding')
  if (request.headers['if-none-match'] === encoded.etag) return reply.code(304).send()
  reply.type('application/json; charset=utf-8')
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip'])
  if (encoding === 'br' || encoding === 'gzip')
    return reply.header('content-encoding', encoding).send(encoded[encoding])
  return reply.send(encoded.identity)
}

/** The answers this instance keeps for `app` (a successor computed ahead counts too) and their bytes, every encoding. */
export function readCacheSize(app: FastifyInstance): { entries: number; bytes: number } {
  const seen = new Set<Encoded>()
  let entries = 0
  for (const entry of caches.get(app)?.entries.values() ?? [])
    for (const kept of [entry, typeof entry.next === 'object' ? entry.next : null]) {
      if (!kept) continue
      entries++
      seen.add(kept.encoded)
    }
  let bytes = 0
  for (const { identity, br, gzip } of seen) bytes += identity.length + br.length + gzip.length
  return { entries, bytes }
}
