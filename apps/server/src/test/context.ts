import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import type { FastifyInstance, InjectOptions } from 'fastify'
import type { Response as InjectResponse } from 'light-my-request'
import pg from 'pg'
import { afterAll, beforeAll, inject } from 'vitest'
import type { SsmSimulator } from '@storageops/ssm-simulator/simulator'
import { buildApp } from '../app.ts'
import { openDatabase, type Database, type Db } from '../db/client.ts'
import { loadEnv, type Env } from '../env.ts'
import { ssmClientFor } from '../integrations/ssm/client.ts'
import { startSsmStandIn } from '../integrations/ssm/stand-in.ts'
import { demoSsmData } from '../seed/ssm-data.ts'
import { seedDemoData } from '../seed/seed.ts'
import { TEST_SEED_SCALE, type SeedSnapshot } from './seed-snapshot.ts'
import { localFileStorage, type FileStorage } from '../integrations/files/storage.ts'

/**
 * One server per test file: a database (PGlite, or a fresh database on the throwaway PostgreSQL
 * cluster when TEST_DB=postgres), the demo seed at a small scale, the SSM stand-in over real HTTP,
 * and the Fastify app driven through inject(). Requests default to the field-tool host.
 */
export interface TestContext {
  app: FastifyInstance
  db: Db
  env: Env
  ssm: SsmSimulator
  dbKind: 'pglite' | 'postgres'
  /** The per-file database on the real cluster (TEST_DB=postgres only). */
  databaseUrl?: string
  filesDir: string
  /** The app's file storage (the folder filesDir unless the `files` option gave another). */
  files: FileStorage
  request(options: InjectOptions & { token?: string; host?: string }): Promise<InjectResponse>
  /** A request on the admin host, with `payload` as the JSON body when given. */
  adminCall(method: AdminMethod, url: string, token: string, payload?: unknown): Promise<InjectResponse>
  signInField(username?: string, password?: string): Promise<string>
  signInAdmin(email?: string, password?: string): Promise<string>
  close(): Promise<void>
}

type AdminMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** The test file's context: created before its tests, closed after them; usable in hooks and tests. */
export function useTestContext(options: Parameters<typeof createTestContext>[0] = {}): TestContext {
  let current: TestContext | undefined
  beforeAll(async () => {
    current = await createTestContext(options)
  }, 120_000)
  afterAll(() => current?.close())
  return new Proxy({} as TestContext, {
    get(_target, key) {
      if (!current) throw new Error('The test context is ready only inside hooks and tests.')
      return Reflect.get(current, key) as unknown
    },
  })
}

export async function createTestContext(
  options: {
    scale?: number
    env?: Record<string, string>
    /** Another storage for the app (e.g. the S3 client against the stand-in); the seed still writes to filesDir. */
    files?: () => Promise<FileStorage>
  } = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storageops-test-'))
  const filesDir = path.join(dataDir, 'files')
  fs.mkdirSync(filesDir, { recursive: true })
  const dbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite'
  // The seeded snapshot of the run, when the global setup made one and the default scale is asked for.
  const provided = inject('seedSnapshot') as SeedSnapshot | undefined
  const snapshot = options.scale === undefined || options.scale === TEST_SEED_SCALE ? provided : undefined
  let databaseUrl: string | undefined
  let dropDatabase = async () => {}
  if (dbKind === 'postgres') {
    const adminUrl = inject('pgUrl')
    const name = `test_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(
      snapshot?.templateDb ? `create database ${name} template ${snapshot.templateDb}` : `create database ${name}`,
    )
    await admin.end()
    databaseUrl = adminUrl.replace(/\/postgres$/, `/${name}`)
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    }
  }
  const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_MODE: 'true', ...options.env })
  const seedFiles = localFileStorage(filesDir)
  let database: Database
  if (snapshot) {
    // The run's seeded snapshot (seed-snapshot.ts): a copy of its database and its files.
    database = await openDatabase(
      databaseUrl
        ? { url: databaseUrl }
        : { dataDir: 'memory://', loadDataDir: new Blob([fs.readFileSync(path.join(snapshot.dir, 'pglite.tar'))]) },
    )
    fs.cpSync(path.join(snapshot.dir, 'files'), filesDir, { recursive: true })
  } else {
    database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: 'memory://' })
    await seedDemoData(database.db, { scale: options.scale ?? TEST_SEED_SCALE, files: seedFiles })
  }
  const files = options.files ? await options.files() : seedFiles
  const ssm = await startSsmStandIn(database.db, env, demoSsmData())
  const ssmClient = ssmClientFor(env, ssm.url)
  const app = await buildApp({ env, db: database.db, ssm: ssmClient, files, webDist: path.join(dataDir, 'no-web') })
  await app.ready()

  // Tests write straight in SQL too: a read waits until this instance has those writes' notifications (decision 010).
  const request: TestContext['request'] = async ({ token, host, headers, ...rest }) => {
    if (!rest.method || rest.method === 'GET' || rest.method === 'HEAD') await app.readVersions.caughtUp()
    return app.inject({
      ...rest,
      headers: {
        host: host ?? 'snapshot.localhost',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
    })
  }

  return {
    app,
    db: database.db,
    env,
    ssm,
    dbKind,
    databaseUrl,
    filesDir,
    files,
    request,
    adminCall: (method, url, token, payload) =>
      request({
        method,
        url,
        host: 'admin.localhost',
        token,
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    async signInField(username = 'csagent', password = 'snapshot-demo') {
      const response = await request({
        method: 'POST',
        url: '/api/ssm',
        payload: { service_name: 'ValidateSSMLogin', xml_body: { LoginKeyed: username, passwordKeyed: password } },
      })
      if (response.statusCode !== 200) throw new Error(`field sign-in failed: ${response.body}`)
      return response.json<{ token: string }>().token
    },
    async signInAdmin(email = 'admin@example.com', password) {
      const passwords: Record<string, string> = {
        'admin@example.com': 'admin-demo',
        'editor@example.com': 'editor-demo',
        'cs@example.com': 'cs-demo',
      }
      const response = await request({
        method: 'POST',
        url: '/api/auth',
        host: 'admin.localhost',
        payload: { email, password: password ?? passwords[email] ?? '' },
      })
      if (response.statusCode !== 200) throw new Error(`admin sign-in failed: ${response.body}`)
      return response.json<{ token: string }>().token
    },
    async close() {
      await app.close()
      await ssm.close()
      await database.close()
      await dropDatabase()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
