import { createHash } from 'node:crypto'
import zlib from 'node:zlib'
import { negotiate } from '@fastify/accept-negotiator'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'

/** A computed answer and the moment it stops being true by the clock alone (a task turning past due, a new day). */
export interface TimedAnswer<T> {
  body: T
  validUntil: number
}

interface Entry {
  version: number
  until: number
  etag: string
  identity: Buffer
  br: Buffer
  gzip: Buffer
}

const caches = new WeakMap<FastifyInstance, Map<string, Entry>>()
/** Keys a list read makes (page, filters) are many: the least recently computed answers go first past this. */
const MAX_ENTRIES = 5_000

/**
 * The `read_versions` counter an answer depends on ('facility_figures'; 'content' for the public content API) and
 * the Cache-Control it is sent with.
 */
export interface CachedReadOptions {
  counter?: string
  cacheControl?: string
}

/**
 * A derived read served from memory while exact (issue 17): checked, serialised and compressed once, reused while the
 * trigger-moved counter (held in memory by read-versions.ts) is unchanged and before `validUntil`; ETag / 304.
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
  let entries = caches.get(app)
  if (!entries) {
    const created = new Map<string, Entry>()
    caches.set(app, (entries = created))
    app.readVersions.onLost(() => created.clear())
  }
  const current = app.readVersions.version(counter)
  const version = typeof current === 'number' ? current : await current
  const now = Date.now()
  let entry = entries.get(key)
  if (!entry || entry.version !== version || entry.until <= now) {
    const answer = await compute(new Date(now))
    const identity = Buffer.from(JSON.stringify(schema.parse(answer.body)))
    entry = {
      version,
      until: answer.validUntil,
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
      identity,
      br: zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
      gzip: zlib.gzipSync(identity),
    }
    entries.delete(key)
    entries.set(key, entry)
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!)
  }
  reply.header('etag', entry.etag).header('cache-control', cacheControl).header('vary', 'Accept-Encoding')
  if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send()
  reply.type('application/json; charset=utf-8')
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip'])
  if (encoding === 'br' || encoding === 'gzip') return reply.header('content-encoding', encoding).send(entry[encoding])
  return reply.send(entry.identity)
}
