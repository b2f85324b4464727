import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../../apps/server/src/db/client.ts'
import { localFileStorage } from '../../apps/server/src/integrations/files/storage.ts'
import { seedDemoData } from '../../apps/server/src/seed/seed.ts'
import { startCluster } from '../pg-cluster.ts'

/** What decides a seed's content: the migrations and the seed's code (its tests excluded). */
const SEED_SOURCES = ['apps/server/drizzle', 'apps/server/src/seed']
const CACHE_DIR = 'node_modules/.cache/storageops-bench'

export interface SourceFile {
  path: string
  content: string | Buffer
}

/** The cache key of a seed at `scale`: the scale and a hash of every source file's path and content, in path order. */
export function seedCacheKey(scale: number, sources: readonly SourceFile[]): string {
  const hash = createHash('sha256')
  for (const file of [...sources].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    hash.update(`${file.path}\0${Buffer.byteLength(file.content)}\0`)
    hash.update(file.content)
  }
  return `scale${scale}-${hash.digest('hex').slice(0, 16)}`
}

/** The seed's source files under `root`, paths relative to it. */
export function seedSources(root = process.cwd()): SourceFile[] {
  return SEED_SOURCES.flatMap((folder) =>
    fs
      .readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.name.endsWith('.test.ts'))
      .map((entry) => {
        const full = path.join(entry.parentPath, entry.name)
        return { path: path.relative(root, full), content: fs.readFileSync(full) }
      }),
  )
}

/** `template` with `{scale}` replaced; a template without it may serve one scale only. */
export function forScale(template: string, scale: number, scales: readonly number[]): string {
  if (!template.includes('{scale}') && scales.length > 1)
    throw new Error(`${template} names one database for scales ${scales.join(', ')}: put {scale} in it`)
  return template.replaceAll('{scale}', String(scale))
}

export interface SeededDatabase {
  url: string
  /** The stored files of the seed (the server's DATA_DIR/files). */
  filesDir: string
  seeded: { facilities: number; units: number; tasks: number }
  /** How the database came: seeded now (and how long it took), reused from the cache, or named by the environment. */
  origin: string
  close(): Promise<void>
}

async function counts(url: string) {
  const database = await openDatabase({ url })
  try {
    const result = await database.db.execute<{ facilities: string; units: string; tasks: string }>(sql`
      select (select count(*) from locations) as facilities, (select count(*) from location_units) as units,
             (select count(*) from tasks) as tasks`)
    const row = (result as { rows: Array<{ facilities: string; units: string; tasks: string }> }).rows[0]!
    return { facilities: Number(row.facilities), units: Number(row.units), tasks: Number(row.tasks) }
  } finally {
    await database.close()
  }
}

/**
 * The seeded database of `scale` for a benchmark. With BENCH_DATABASE_URL (e.g.
 * `postgres://postgres@127.0.0.1:54327/bench{scale}`), that database, which the bench may write to (it signs in and
 * applies newer migrations), and BENCH_FILES_DIR (e.g. `/work/pg27/files{scale}/files`) for its stored files.
 * Otherwise a PostgreSQL cluster kept in node_modules/.cache/storageops-bench under the seed's cache key, seeded on
 * first use and again only when the migrations or the seed's code change (other keys of the scale are removed then).
 */
export async function seededDatabase(scale: number, scales: readonly number[]): Promise<SeededDatabase> {
  const named = process.env.BENCH_DATABASE_URL
  if (named) {
    const url = forScale(named, scale, scales)
    const filesDir = process.env.BENCH_FILES_DIR
      ? forScale(process.env.BENCH_FILES_DIR, scale, scales)
      : fs.mkdtempSync(path.join(os.tmpdir(), 'storageops-bench-files-'))
    return { url, filesDir, seeded: await counts(url), origin: `BENCH_DATABASE_URL`, close: async () => {} }
  }
  const key = seedCacheKey(scale, seedSources())
  const folder = path.resolve(CACHE_DIR, key)
  const marker = path.join(folder, 'seeded.json')
  fs.mkdirSync(CACHE_DIR, { recursive: true })
  for (const stale of fs.readdirSync(CACHE_DIR))
    if (stale.startsWith(`scale${scale}-`) && stale !== key)
      fs.rmSync(path.join(CACHE_DIR, stale), { recursive: true, force: true })
  if (fs.existsSync(marker)) {
    try {
      const cluster = await startCluster({ keepIn: folder })
      const { seeded } = JSON.parse(fs.readFileSync(marker, 'utf8')) as { seeded: SeededDatabase['seeded'] }
      return {
        url: cluster.url,
        filesDir: path.join(folder, 'files'),
        seeded,
        origin: `reused ${path.relative(process.cwd(), folder)}`,
        close: () => cluster.stop(),
      }
    } catch (error) {
      console.warn(`The cached seed in ${folder} did not start (${String(error)}): seeding it again.`)
    }
  }
  fs.rmSync(folder, { recursive: true, force: true })
  fs.mkdirSync(folder, { recursive: true })
  const cluster = await startCluster({ keepIn: folder })
  try {
    const database = await openDatabase({ url: cluster.url })
    const started = performance.now()
    let seeded: SeededDatabase['seeded']
    try {
      seeded = await seedDemoData(database.db, {
        scale,
        files: localFileStorage(path.join(folder, 'files')),
      })
      await database.db.execute(sql`vacuum analyze`)
    } finally {
      await database.close()
    }
    const seconds = (performance.now() - started) / 1000
    fs.writeFileSync(marker, JSON.stringify({ key, seeded, seedSeconds: seconds }))
    return {
      url: cluster.url,
      filesDir: path.join(folder, 'files'),
      seeded,
      origin: `seeded now in ${seconds.toFixed(0)} s (kept in ${path.relative(process.cwd(), folder)})`,
      close: () => cluster.stop(),
    }
  } catch (error) {
    await cluster.stop()
    fs.rmSync(folder, { recursive: true, force: true })
    throw error
  }
}
