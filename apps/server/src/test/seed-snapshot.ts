import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openDatabase } from '../db/client.ts'
import { localFileStorage } from '../integrations/files/storage.ts'
import { seedDemoData } from '../seed/seed.ts'

/**
 * The demo data the API tests start from, made once per test run instead of once per test file:
 * migrations plus the scale-0.1 seed, kept as a PGlite data-directory tarball (`pglite.tar`) or as a
 * PostgreSQL template database, with the seeded files in `files/`. Each test file then opens its
 * own copy (PGlite `loadDataDir`, or `create database … template …`) and copies the files, so tests
 * stay isolated and start in a fraction of the time.
 */
export interface SeedSnapshot {
  /** Folder holding `files/` and, for PGlite, `pglite.tar`. */
  dir: string
  /** PostgreSQL only: the template database to copy. */
  templateDb?: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by the global setups scripts/pglite-seed.ts and scripts/pg-cluster.ts. */
    seedSnapshot: SeedSnapshot
  }
}

/** The seed scale every API test file starts from. */
export const TEST_SEED_SCALE = 0.1

/** Seeds PGlite once and dumps it; returns the snapshot and a function removing it. */
export async function buildPgliteSnapshot(): Promise<{ snapshot: SeedSnapshot; remove: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storageops-seed-'))
  const database = await openDatabase({ dataDir: 'memory://' })
  await seedDemoData(database.db, { scale: TEST_SEED_SCALE, files: localFileStorage(path.join(dir, 'files')) })
  const dump = await database.dump!()
  fs.writeFileSync(path.join(dir, 'pglite.tar'), Buffer.from(await dump.arrayBuffer()))
  await database.close()
  return { snapshot: { dir }, remove: () => fs.rmSync(dir, { recursive: true, force: true }) }
}

/** Seeds a template database on the cluster at `adminUrl` (its maintenance database URL). */
export async function buildPostgresSnapshot(adminUrl: string): Promise<{ snapshot: SeedSnapshot; remove: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storageops-seed-'))
  const templateDb = 'storageops_seed_template'
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`drop database if exists ${templateDb}`)
  await admin.query(`create database ${templateDb}`)
  await admin.end()
  const database = await openDatabase({ url: adminUrl.replace(/\/postgres$/, `/${templateDb}`) })
  await seedDemoData(database.db, { scale: TEST_SEED_SCALE, files: localFileStorage(path.join(dir, 'files')) })
  // A template must have no open connections while it is copied.
  await database.close()
  return { snapshot: { dir, templateDb }, remove: () => fs.rmSync(dir, { recursive: true, force: true }) }
}
