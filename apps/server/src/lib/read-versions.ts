import type { FastifyInstance } from 'fastify'
import { listen } from '../db/notifications.ts'
import { readVersions } from '../db/schema.ts'

/** The channel migration 0025's triggers announce every counter move on, as 'name:version'. */
export const READ_VERSIONS_CHANNEL = 'storageops_read_versions'
const CATCH_UP_TIMEOUT_MS = 5_000

declare module 'fastify' {
  interface FastifyInstance {
    readVersions: ReadVersions
  }
}

export interface ReadVersions {
  version(name: string): number | Promise<number>
  /** Whether reads take the counters from memory now (listening, and read afresh since LISTEN was last in place). */
  inMemory(): boolean
  /** Calls `drop` whenever notifications may have been missed (what was derived from the counters is suspect). */
  onLost(drop: () => void): void
  /** Resolves once every change committed before the call has been heard (tests); immediate while not listening. */
  caughtUp(): Promise<void>
}

/**
 * The `read_versions` counters in memory (issue 17, decision 010), kept current by the triggers' NOTIFY; each write
 * request reads them again before answering. While not listening, reads ask the database.
 */
export function registerReadVersions(app: FastifyInstance) {
  const known = new Map<string, number>()
  const dropped: Array<() => void> = []
  let listening = false
  // Trusted only when read after LISTEN was in place and nothing was lost since: `epoch` moves on every loss.
  let trusted = false
  let epoch = 0
  let stop: (() => Promise<void>) | null = null

  const merge = (name: string, version: number) => {
    if (version > (known.get(name) ?? -1)) known.set(name, version)
  }
  const distrust = () => {
    epoch++
    trusted = false
  }
  const refresh = async () => {
    const started = epoch
    const startedListening = listening
    try {
      for (const row of await app.db.select().from(readVersions)) merge(row.name, row.version)
    } catch (error) {
      distrust()
      throw error
    }
    if (startedListening && started === epoch) trusted = true
  }

  app.addHook('onReady', async () => {
    stop = await listen(
      app.db,
      READ_VERSIONS_CHANNEL,
      (payload) => {
        const at = payload.lastIndexOf(':')
        merge(payload.slice(0, at), Number(payload.slice(at + 1)))
      },
      () => {
        listening = false
        distrust()
        known.clear()
        for (const drop of dropped) drop()
      },
      () => {
        listening = true
        distrust()
        void refresh().catch(() => {})
      },
    )
  })
  app.addHook('onClose', async () => {
    listening = false
    distrust()
    await stop?.()
  })
  app.addHook('onSend', async (request) => {
    if (trusted && request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS')
      await refresh().catch(() => {})
  })

  app.decorate('readVersions', {
    version(name) {
      if (trusted) {
        const version = known.get(name)
        if (version !== undefined) return version
      }
      return refresh().then(() => known.get(name) ?? -1)
    },
    inMemory: () => trusted,
    onLost(drop) {
      dropped.push(drop)
    },
    async caughtUp() {
      if (!listening) return
      const rows = await app.db.select().from(readVersions)
      const deadline = Date.now() + CATCH_UP_TIMEOUT_MS
      while (listening && rows.some((row) => (known.get(row.name) ?? -1) < row.version)) {
        if (Date.now() > deadline) throw new Error('read_versions notifications did not arrive')
        await new Promise((resolve) => setTimeout(resolve, 2))
      }
    },
  } satisfies ReadVersions)
}
