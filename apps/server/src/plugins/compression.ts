import type { FastifyInstance } from 'fastify'
import compress from '@fastify/compress'

/**
 * Answers held whole up to this size (a page of any list) are compressed in one synchronous zlib call instead of a
 * zlib stream per answer. The plugin's default follows the cores the host reports (8 KiB on two), but the server
 * shares them with PostgreSQL, so the stream path's hand-off to libuv's thread pool overlaps nothing and only adds
 * its per-answer cost (issue 30: a stream's setup and scheduling cost more than brotli itself at tens of KiB).
 */
export const SYNC_COMPRESSION_LIMIT = 64 * 1024

/**
 * Compresses every answer worth it (issue 17): brotli (the plugin's quality 4) when the client takes it, else gzip,
 * for JSON and text above 1 KiB. Answers that already carry a Content-Encoding (the web app's files, compressed at
 * build time; the read cache's) go out as they are.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    syncThreshold: SYNC_COMPRESSION_LIMIT,
  })
}
