import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import Fastify from 'fastify'
import { count, sql } from 'drizzle-orm'
import { buildApp } from '../../apps/server/src/app.ts'
import { openDatabase } from '../../apps/server/src/db/client.ts'
import { taskActivities, tasks } from '../../apps/server/src/db/schema.ts'
import { loadEnv } from '../../apps/server/src/env.ts'
import { createSsmClient } from '../../apps/server/src/integrations/ssm/client.ts'
import { startSsmStandIn } from '../../apps/server/src/integrations/ssm/stand-in.ts'
import { seedDemoData } from '../../apps/server/src/seed/seed.ts'
import { localFileStorage } from '../../apps/server/src/integrations/files/storage.ts'
import { startCluster } from '../pg-cluster.ts'
import { describe, loadSetup, measure } from './http-load.ts'

const DURATION_SECONDS = 10
const SCALE = 10

/**
 * The task API under load (issue 4 "Speed"): a throwaway real PostgreSQL seeded at scale 10
 * (≈1,500 facilities, ≥30,000 tasks), the whole app with the SSM stand-in, and autocannon with 20
 * connections for 10 s on GET /api/tasks/overview and a facility's first page of unit tasks, beside a
 * bare Fastify hello-world route measured in the same run. Figures, not pass/fail. Bounded: about
 * two minutes on two cores (most of it the seed).
 */
export async function runTasksBench(): Promise<string[]> {
  const lines: string[] = []
  const cluster = await startCluster()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storageops-bench-tasks-'))
  const filesDir = path.join(dataDir, 'files')
  const env = loadEnv({ DATA_DIR: dataDir, DATABASE_URL: cluster.url, DEMO_MODE: 'true', LOG_LEVEL: 'silent' })
  const database = await openDatabase({ url: cluster.url })
  const hello = Fastify({ logger: false })
  hello.get('/hello', async () => ({ hello: 'world' }))
  try {
    const seedStarted = performance.now()
    const seeded = await seedDemoData(database.db, { scale: SCALE, files: localFileStorage(filesDir) })
    const [taskCount] = await database.db.select({ value: count() }).from(tasks)
    const [activityCount] = await database.db.select({ value: count() }).from(taskActivities)
    await database.db.execute(sql`vacuum analyze`)
    lines.push(`seed at scale ${SCALE} on PostgreSQL: ${seeded.facilities} facilities, ${taskCount!.value} tasks, ${activityCount!.value} activities in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`)

    const ssm = await startSsmStandIn(database.db, env)
    const app = await buildApp({ env, db: database.db, ssm: createSsmClient({ url: ssm.url, corpCode: env.SSM_CORP_CODE, user: env.SSM_USER, password: env.SSM_PASSWORD, timeoutMs: env.SSM_TIMEOUT_MS }), webDist: path.join(dataDir, 'no-web') })
    try {
      await app.listen({ host: '127.0.0.1', port: 0 })
      await hello.listen({ host: '127.0.0.1', port: 0 })
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
      const helloUrl = `http://127.0.0.1:${(hello.server.address() as { port: number }).port}/hello`
      const signIn = await fetch(`${base}/api/ssm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: 'snapshot.localhost' },
        body: JSON.stringify({ service_name: 'ValidateSSMLogin', xml_body: { LoginKeyed: 'pmanager', passwordKeyed: 'snapshot-demo' } }),
      })
      const { token } = (await signIn.json()) as { token: string }
      const overviewUrl = `${base}/api/tasks/overview`
      const pageUrl = `${base}/api/tasks?page=1&page_size=10&closed=false&location_code=TX100&type=unit`
      // One warm-up call each, then the timed runs back to back.
      for (const url of [overviewUrl, pageUrl]) if (!(await fetch(url, { headers: { authorization: `Bearer ${token}` } })).ok) throw new Error(`warm-up of ${url} failed`)
      const overviewRows = ((await (await fetch(overviewUrl, { headers: { authorization: `Bearer ${token}` } })).json()) as unknown[]).length

      const baseline = await measure(helloUrl, DURATION_SECONDS)
      const overview = await measure(overviewUrl, DURATION_SECONDS, token)
      const firstPage = await measure(pageUrl, DURATION_SECONDS, token)
      lines.push(loadSetup(DURATION_SECONDS))
      lines.push(describe('bare Fastify hello-world', baseline))
      lines.push(describe(`GET /api/tasks/overview (${overviewRows} rows)`, overview, baseline))
      lines.push(describe('GET /api/tasks first page (TX100 open unit tasks)', firstPage, baseline))
    } finally {
      await app.close()
      await ssm.close()
    }
  } finally {
    await hello.close()
    await database.close()
    await cluster.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  return lines
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of await runTasksBench()) console.log(line)
}
