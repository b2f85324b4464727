import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { buildApp } from '../../apps/server/src/app.ts'
import { openDatabase, type Db } from '../../apps/server/src/db/client.ts'
import { loadEnv, type Env } from '../../apps/server/src/env.ts'
import { localFileStorage, type FileStorage } from '../../apps/server/src/integrations/files/storage.ts'
import { ssmClientFor } from '../../apps/server/src/integrations/ssm/client.ts'
import { startSsmStandIn, type SsmStandInData } from '../../apps/server/src/integrations/ssm/stand-in.ts'
import { demoSsmData } from '../../apps/server/src/seed/ssm-data.ts'
import { seedDemoData } from '../../apps/server/src/seed/seed.ts'
import { startMessagingStandIns, type MessagingStandIns } from '../../apps/server/src/test/messaging-stand-ins.ts'
import { startCluster } from '../pg-cluster.ts'
import { seededDatabase } from './seed-cache.ts'

/** What an API benchmark gets: the seeded database, the running app, a bare hello-world and a field token. */
export interface SeededServer {
  db: Db
  base: string
  /** A bare Fastify route on the same machine, the baseline of every figure. */
  helloUrl: string
  token: string
  seeded: { facilities: number; units: number; tasks: number }
  seedSeconds: number
}

/** The whole app over `db` with the SSM stand-in (the demo operator's data unless `ssmData`); close() stops both. */
export async function startBenchApp(
  db: Db,
  env: Env,
  { ssmData = demoSsmData(), ...options }: { files?: FileStorage; webDist: string; ssmData?: SsmStandInData },
) {
  const ssm = await startSsmStandIn(db, env, ssmData)
  const app = await buildApp({ env, db, ssm: ssmClientFor(env, ssm.url), ...options })
  return {
    app,
    ssm,
    close: async () => {
      await app.close()
      await ssm.close()
    },
  }
}

/** Listens on a free port, starts the jobs and signs the demo superadmin in over HTTP. */
export async function listenSignedInAdmin(app: FastifyInstance) {
  await app.listen({ host: '127.0.0.1', port: 0 })
  await app.jobs.start()
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const signIn = await fetch(`${base}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', host: 'admin.localhost' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin-demo' }),
  })
  const { token } = (await signIn.json()) as { token: string }
  return { base, token, headers: { host: 'admin.localhost', authorization: `Bearer ${token}` } }
}

/**
 * `work` against the app on the embedded PGlite seeded at `scale`, with the SMTP and SMS stand-ins over real
 * sockets (`env` on top), the jobs running (outbox polled every 200 ms) and the demo superadmin signed in.
 */
export async function withMessagingBench<T>(
  name: string,
  options: { scale: number; env?: Record<string, string> },
  work: (bench: {
    app: FastifyInstance
    db: Db
    standIns: MessagingStandIns
    base: string
    token: string
    headers: Record<string, string>
  }) => Promise<T>,
): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `storageops-${name}-bench-`))
  const standIns = await startMessagingStandIns({ smsCallbackDelayMs: 5 })
  const env = loadEnv({
    ...standIns.env,
    DATA_DIR: dataDir,
    DEMO_MODE: 'true',
    LOG_LEVEL: 'silent',
    OUTBOX_POLL_MS: '200',
    ...options.env,
  })
  const database = await openDatabase({ dataDir: 'memory://' })
  try {
    const files = localFileStorage(path.join(dataDir, 'files'))
    await seedDemoData(database.db, { scale: options.scale, files })
    const bench = await startBenchApp(database.db, env, { files, webDist: path.join(dataDir, 'no-web') })
    try {
      const signedIn = await listenSignedInAdmin(bench.app)
      return await work({ app: bench.app, db: database.db, standIns, ...signedIn })
    } finally {
      await bench.close()
    }
  } finally {
    await standIns.close()
    await database.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/**
 * `work` against the app on a throwaway PostgreSQL seeded at `scale` and analysed, signed in as `username`; with
 * `reuseSeed` (for benches that only read), on the seed of that scale kept across runs (seed-cache.ts) instead.
 */
export async function withSeededServer<T>(
  scale: number,
  username: string,
  work: (server: SeededServer) => Promise<T>,
  options: { webDist?: string; reuseSeed?: boolean } = {},
): Promise<T> {
  const kept = options.reuseSeed ? await seededDatabase(scale, [scale]) : null
  const cluster = kept ? null : await startCluster()
  const url = kept?.url ?? cluster!.url
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storageops-bench-'))
  const files = localFileStorage(kept?.filesDir ?? path.join(dataDir, 'files'))
  const env = loadEnv({ DATA_DIR: dataDir, DATABASE_URL: url, DEMO_MODE: 'true', LOG_LEVEL: 'silent' })
  const database = await openDatabase({ url })
  const hello = Fastify({ logger: false })
  hello.get('/hello', async () => ({ hello: 'world' }))
  try {
    const seedStarted = performance.now()
    const seeded = kept?.seeded ?? (await seedDemoData(database.db, { scale, files }))
    if (!kept) await database.db.execute(sql`vacuum analyze`)
    const seedSeconds = (performance.now() - seedStarted) / 1000
    const { app, close } = await startBenchApp(database.db, env, {
      files,
      webDist: options.webDist ?? path.join(dataDir, 'no-web'),
    })
    try {
      await app.listen({ host: '127.0.0.1', port: 0 })
      await hello.listen({ host: '127.0.0.1', port: 0 })
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
      const signIn = await fetch(`${base}/api/ssm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: 'snapshot.localhost' },
        body: JSON.stringify({
          service_name: 'ValidateSSMLogin',
          xml_body: { LoginKeyed: username, passwordKeyed: 'snapshot-demo' },
        }),
      })
      const { token } = (await signIn.json()) as { token: string }
      const helloUrl = `http://127.0.0.1:${(hello.server.address() as { port: number }).port}/hello`
      return await work({ db: database.db, base, helloUrl, token, seeded, seedSeconds })
    } finally {
      await close()
    }
  } finally {
    await hello.close()
    await database.close()
    if (kept) await kept.close()
    else await cluster!.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/**
 * Server time of the first and the last page of 20 of a paged admin list of `count` rows: the median of 15 injected
 * requests after 5 warm-up ones, in ms. `url` gives the list's address for an offset.
 */
export async function timeFirstAndLastPage(
  app: FastifyInstance,
  headers: Record<string, string>,
  count: number,
  url: (offset: number) => string,
): Promise<Array<{ label: string; offset: number; medianMs: number }>> {
  const pages: Array<{ label: string; offset: number; medianMs: number }> = []
  for (const [label, offset] of [
    ['first page', 0],
    ['last page', Math.max(0, count - 20)],
  ] as const) {
    const times: number[] = []
    for (let round = 0; round < 20; round++) {
      const started = performance.now()
      const response = await app.inject({ method: 'GET', url: url(offset), headers })
      if (response.statusCode !== 200) throw new Error(response.body)
      if (round >= 5) times.push(performance.now() - started)
    }
    pages.push({ label, offset, medianMs: [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]! })
  }
  return pages
}
