import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from './schema.ts'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
  /** PGlite only: the whole data directory as a tarball, to open again with `loadDataDir` (test snapshots). */
  dump?(): Promise<Blob>
}

const STUCK_MS = 500
const PROBE_MS = 1000

const PROBE_TICK_MS = 50

/** Whether a fresh connection to `url` answers `select 1` within PROBE_MS of this process's free (not blocked) time. */
function serverAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => {})
  return new Promise((resolve) => {
    let waited = 0
    let last = performance.now()
    let done = false
    const finish = (answers: boolean) => {
      if (done) return
      done = true
      clearInterval(timer)
      void client.end().catch(() => {})
      resolve(answers)
    }
    const timer = setInterval(() => {
      const now = performance.now()
      if (now - last <= 2 * PROBE_TICK_MS) waited += now - last
      last = now
      if (waited >= PROBE_MS) finish(false)
    }, PROBE_TICK_MS)
    client
      .connect()
      .then(() => client.query('select 1'))
      .then(
        () => finish(true),
        () => finish(false),
      )
  })
}

/** Cuts every pooled connection when one is busy STUCK_MS and a fresh one gets no answer: a frozen server, 503. */
function watchStuckQueries(pool: pg.Pool, url: string): () => void {
  const clients = new Set<pg.PoolClient>()
  const busySince = new Map<pg.PoolClient, number>()
  pool.on('connect', (client) => clients.add(client))
  pool.on('acquire', (client) => busySince.set(client, Date.now()))
  pool.on('release', (_error: Error | undefined, client: pg.PoolClient) => busySince.delete(client))
  pool.on('remove', (client) => {
    clients.delete(client)
    busySince.delete(client)
  })
  let probing = false
  let answeredAt = 0
  const timer = setInterval(() => {
    const now = Date.now()
    if (probing || now - answeredAt < PROBE_MS) return
    if (![...busySince.values()].some((since) => now - since >= STUCK_MS)) return
    probing = true
    void serverAnswers(url)
      .then((answers) => {
        if (answers) return void (answeredAt = Date.now())
        for (const client of clients) {
          client.on('error', () => {})
          ;(client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy()
        }
      })
      .finally(() => (probing = false))
  }, 250)
  timer.unref()
  return () => clearInterval(timer)
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle')

/** A real server for `url`, else PGlite in `dataDir` ('memory://' too), optionally from a `dump()` tarball; migrates. */
export async function openDatabase(options: {
  url?: string
  dataDir?: string
  loadDataDir?: Blob
  connectTimeoutMs?: number
  queryTimeoutMs?: number
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      keepAlive: true,
      // A refused or unanswered connection fails fast (503); a query is cut after 60 s.
      connectionTimeoutMillis: options.connectTimeoutMs ?? 1500,
      query_timeout: options.queryTimeoutMs ?? 60_000,
    })
    // An idle connection the server closes must not crash the process (node-postgres docs, Pool 'error').
    pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`))
    const db = drizzlePg(pool, { schema }) as unknown as Db
    try {
      await migratePg(drizzlePg(pool, { schema }), { migrationsFolder })
    } catch (error) {
      await pool.end().catch(() => {})
      throw error
    }
    const stopWatching = watchStuckQueries(pool, options.url)
    return {
      db,
      kind: 'postgres',
      close: async () => {
        stopWatching()
        await pool.end()
      },
    }
  }
  // pg_trgm serves the lists' text search (migration 0032); PostgreSQL has it in contrib.
  const pgliteOptions = { loadDataDir: options.loadDataDir, extensions: { pg_trgm } }
  const client =
    options.dataDir === 'memory://' || !options.dataDir
      ? new PGlite(pgliteOptions)
      : new PGlite(path.join(options.dataDir, 'pglite'), pgliteOptions)
  const pgliteDb = drizzlePglite(client, { schema })
  await migratePglite(pgliteDb, { migrationsFolder })
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  }
}
