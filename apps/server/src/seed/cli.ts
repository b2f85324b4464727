import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../db/client.ts'
import { loadEnv } from '../env.ts'
import { isDatabaseEmpty, seedDemoData } from './seed.ts'
import { fileStorageFor } from '../integrations/files/storage.ts'

/** `npm run seed -- [--scale N] [--reset]`: --reset drops every table first; otherwise a seeded database is left alone. */
const { values } = parseArgs({
  options: { scale: { type: 'string', default: '1' }, reset: { type: 'boolean', default: false } },
})
const scale = Number(values.scale)
if (!Number.isFinite(scale) || scale <= 0) throw new Error('--scale must be a positive number')
const env = loadEnv()
if (values.reset) {
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.dataDir })
  // One statement per call: PGlite runs each as a prepared statement, which takes a single command.
  await database.db.execute(sql`drop schema public cascade`)
  await database.db.execute(sql`create schema public`)
  await database.db.execute(sql`drop schema if exists drizzle cascade`)
  await database.close()
}
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.dataDir })
if (!(await isDatabaseEmpty(database.db))) {
  console.log('The database already holds data; pass --reset to replace it.')
} else {
  const started = performance.now()
  const result = await seedDemoData(database.db, { scale, files: fileStorageFor(env) })
  console.log(
    `Seeded ${result.facilities} facilities, ${result.units} units and ${result.tasks} tasks in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  )
}
await database.close()
