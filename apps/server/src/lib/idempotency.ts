import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { and, eq, isNull, lt } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { stringify } from 'safe-stable-stringify'
import { idempotencyKeys } from '../db/schema.ts'
import { HttpError, badRequest, replyWithError, unprocessable } from './http-error.ts'

/** How long a key is kept (hours): a retry within it replays the answer, after it the key is free again. */
export const IDEMPOTENCY_KEY_HOURS = 24
/** A first request that has not answered within this time (ms) is taken to have died: the next retry runs again. */
const STALE_PENDING_MS = 60_000
const PURGE_EVERY_MS = 60_000
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const FIELD = 'Idempotency-Key'

interface Claim {
  userKey: string
  key: string
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: Claim | null
  }
}

/** Method, path, the validated body (keys sorted) and every uploaded file's bytes: equal for a resent request. */
async function fingerprintOf(request: FastifyRequest): Promise<string> {
  const hash = createHash('sha256').update(`${request.method} ${request.url}\n${stringify(request.body ?? null)}`)
  for (const file of request.uploads ?? []) {
    hash.update(`\n${file.field}\t${file.filename}\t${file.bytes}\t`)
    for await (const chunk of fs.createReadStream(file.path)) hash.update(chunk as Buffer)
  }
  return hash.digest('base64url')
}

const inProgress = () =>
  new HttpError(409, 'idempotency_in_progress', 'A request with this Idempotency-Key is still being processed.', FIELD)

/**
 * `Idempotency-Key` on signed-in writes (decision 019): an answer below 500 is stored per user and replayed
 * (`Idempotent-Replayed: true`); the key with another request is 422; while the first runs, 409.
 */
export function registerIdempotency(app: FastifyInstance) {
  app.decorateRequest('idempotency', null)
  let lastPurge = 0

  const where = (claim: Claim) => and(eq(idempotencyKeys.user_key, claim.userKey), eq(idempotencyKeys.key, claim.key))

  app.addHook('preHandler', async (request, reply) => {
    try {
      await claimKey(request, reply)
    } catch (error) {
      if (error instanceof HttpError) return replyWithError(reply, error)
      throw error
    }
  })

  async function claimKey(request: FastifyRequest, reply: FastifyReply) {
    request.idempotency = null
    const header = request.headers['idempotency-key']
    const session = request.session
    if (header === undefined || !WRITES.has(request.method) || !session) return
    if (typeof header !== 'string' || !KEY_PATTERN.test(header))
      throw badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters.', FIELD)
    const claim = {
      userKey: session.kind === 'field' ? `field:${session.user.username}` : `admin:${session.user.id}`,
      key: header,
    }
    const fingerprint = await fingerprintOf(request)
    if (Date.now() - lastPurge > PURGE_EVERY_MS) {
      lastPurge = Date.now()
      await app.db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.created_at, new Date(Date.now() - IDEMPOTENCY_KEY_HOURS * 3600_000)))
    }
    const inserted = await app.db
      .insert(idempotencyKeys)
      .values({ user_key: claim.userKey, key: claim.key, method: request.method, path: request.url, fingerprint })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
    if (inserted.length > 0) {
      request.idempotency = claim
      return
    }
    const [row] = await app.db.select().from(idempotencyKeys).where(where(claim))
    if (!row) throw inProgress()
    if (row.fingerprint !== fingerprint)
      throw unprocessable(
        `This Idempotency-Key was already used for another request (${row.method} ${row.path}). Send a new key for a new action.`,
        FIELD,
      )
    if (row.status_code === null || row.response === null) {
      const retaken = await app.db
        .update(idempotencyKeys)
        .set({ created_at: new Date() })
        .where(
          and(
            where(claim),
            isNull(idempotencyKeys.status_code),
            lt(idempotencyKeys.created_at, new Date(Date.now() - STALE_PENDING_MS)),
          ),
        )
        .returning({ key: idempotencyKeys.key })
      if (retaken.length === 0) throw inProgress()
      request.idempotency = claim
      return
    }
    reply
      .code(row.status_code)
      .header('content-type', 'application/json; charset=utf-8')
      .header('idempotent-replayed', 'true')
    return reply.send(row.response)
  }

  // App-level onSend runs before the routes' compression: the payload is the JSON text the client gets.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency
    if (!claim) return payload
    request.idempotency = null
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await app.db.delete(idempotencyKeys).where(and(where(claim), isNull(idempotencyKeys.status_code)))
      return payload
    }
    await app.db.update(idempotencyKeys).set({ status_code: reply.statusCode, response: payload }).where(where(claim))
    return payload
  })

  // A request that ended without an answer (connection lost) frees its key for the retry.
  app.addHook('onResponse', async (request) => {
    const claim = request.idempotency
    if (claim) await app.db.delete(idempotencyKeys).where(and(where(claim), isNull(idempotencyKeys.status_code)))
  })
}
