import type { FastifyInstance } from 'fastify'
import { listen } from '../db/notifications.ts'
import { resolveSession, type SessionLookup } from './session.ts'

/** The channel the database triggers of migration 0007 notify on when a session, user or role changes. */
export const SESSION_CHANGES_CHANNEL = 'storageops_session_changes'
/** How long a resolved session is reused at most; also bounds how stale `last_seen_at` gets (it moves once a minute). */
export const SESSION_CACHE_TTL_MS = 10_000
const MAX_ENTRIES = 10_000

type Live = Extract<SessionLookup, { session: object }>

/**
 * Live sessions by token for up to SESSION_CACHE_TTL_MS (issue 17), emptied by any write on this instance and by the
 * NOTIFY on session, user or role changes. Keyed by the raw token (hashing it was ≈1.4 % of a cached read's CPU).
 */
export function registerSessionCache(app: FastifyInstance) {
  const entries = new Map<string, { lookup: Live; until: number }>()
  let listening = false
  let stop: (() => Promise<void>) | null = null
  // A lookup that started before a clear must not store what it read: the change may have come after.
  let generation = 0
  const clear = () => {
    generation++
    entries.clear()
  }

  app.addHook('onReady', async () => {
    stop = await listen(
      app.db,
      SESSION_CHANGES_CHANNEL,
      clear,
      () => {
        listening = false
        clear()
      },
      () => {
        // Listening again after a loss: lookups started before are not kept (the clear moves the generation).
        clear()
        listening = true
      },
    )
  })
  app.addHook('onClose', async () => {
    listening = false
    await stop?.()
  })
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') clear()
  })

  return {
    async resolve(token: string): Promise<SessionLookup> {
      const now = Date.now()
      const hit = entries.get(token)
      if (hit && hit.until > now) return hit.lookup
      const started = generation
      const lookup = await resolveSession(app.db, token, app.env)
      if (lookup.session && listening && started === generation) {
        entries.delete(token)
        entries.set(token, { lookup, until: Math.min(now + SESSION_CACHE_TTL_MS, lookup.session.expiresAt.getTime()) })
        if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!)
      } else if (hit) entries.delete(token)
      return lookup
    },
  }
}
