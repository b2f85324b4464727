import type { FastifyInstance } from 'fastify'
import compress from '@fastify/compress'

/**
 * Compresses every answer worth it (issue 17): brotli when the client takes it, else gzip, for JSON and
 * text above 1 KiB. Answers that already carry a Content-Encoding (the web app's files, compressed at
 * build time) go out as they are.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] })
}
