import type { FastifyInstance } from 'fastify'
import compress from '@fastify/compress'

/** Answers held whole up to this size are compressed in one synchronous zlib call, not a stream (decision 010). */
export const SYNC_COMPRESSION_LIMIT = 64 * 1024

/** Brotli (quality 4) or gzip for JSON and text above 1 KiB (issue 17); pre-encoded answers go out as they are. */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    syncThreshold: SYNC_COMPRESSION_LIMIT,
  })
}
