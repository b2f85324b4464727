import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
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
    // An idle connection the server closes (restart, failover, a forced drop) must not crash the
    // process: the pool drops it and the next query opens a fresh one (node-postgres docs, Pool 'error').
    pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`))
    const db = drizzlePg(pool, { schema }) as unknown as Db
    await migratePg(drizzlePg(pool, { schema }), { migrationsFolder })
    return { db, kind: 'postgres', close: () => pool.end() }
  }
  const client =
    options.dataDir === 'memory://' || !options.dataDir
      ? new PGlite({ loadDataDir: options.loadDataDir })
      : new PGlite(path.join(options.dataDir, 'pglite'), { loadDataDir: options.loadDataDir })
  const pgliteDb = drizzlePglite(client, { schema })
  await migratePglite(pgliteDb, { migrationsFolder })
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  }
}
