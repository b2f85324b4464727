import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import Fastify from 'fastify'
import { count, sql } from 'drizzle-orm'
import { buildApp } from '../../apps/server/src/app.ts'
import { openDatabase } from '../../apps/server/src/db/client.ts'
import { brandStandardAttachments, brandsReports, locations, tasks } from '../../apps/server/src/db/schema.ts'
import { loadEnv } from '../../apps/server/src/env.ts'
import { createSsmClient } from '../../apps/server/src/integrations/ssm/client.ts'
import { startSsmStandIn } from '../../apps/server/src/integrations/ssm/stand-in.ts'
import { seedDemoData } from '../../apps/server/src/seed/seed.ts'
import { localFileStorage } from '../../apps/server/src/integrations/files/storage.ts'
import { startCluster } from '../pg-cluster.ts'
import { describe, loadSetup, measure } from './http-load.ts'

const DURATION_SECONDS = 5
const SCALE = 10

/**
 * The Dashboard and brand-standards API under load (issue 6): a throwaway real PostgreSQL seeded at
 * scale 10 (≈1,500 facilities, ≈12,000 reports, ≥30,000 tasks), the whole app, and autocannon with 20
 * connections for 5 s on GET /api/facilities/overview (every facility: lateral joins to the latest and
 * latest completed report, open and past-due task counts), the built-in analytics report's figures, a
 * facility's report archive and one report, beside a bare Fastify hello-world route. Figures, not
 * pass/fail. Bounded: about two minutes on two cores (most of it the seed).
 */
export async function runDashboardBench(): Promise<string[]> {
  const lines: string[] = []
  const cluster = await startCluster()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storageops-bench-dashboard-'))
  const filesDir = path.join(dataDir, 'files')
  const env = loadEnv({ DATA_DIR: dataDir, DATABASE_URL: cluster.url, DEMO_MODE: 'true', LOG_LEVEL: 'silent' })
  const database = await openDatabase({ url: cluster.url })
  const hello = Fastify({ logger: false })
  hello.get('/hello', async () => ({ hello: 'world' }))
  try {
    const seedStarted = performance.now()
    const seeded = await seedDemoData(database.db, { scale: SCALE, files: localFileStorage(filesDir) })
    const [reportCount] = await database.db.select({ value: count() }).from(brandsReports)
    const [photoCount] = await database.db.select({ value: count() }).from(brandStandardAttachments)
    const [taskCount] = await database.db.select({ value: count() }).from(tasks)
    await database.db.execute(sql`vacuum analyze`)
    lines.push(`seed at scale ${SCALE} on PostgreSQL: ${seeded.facilities} facilities, ${reportCount!.value} brands reports with ${photoCount!.value} photos, ${taskCount!.value} tasks in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`)

    const ssm = await startSsmStandIn(database.db, env)
    const app = await buildApp({ env, db: database.db, ssm: createSsmClient({ url: ssm.url, corpCode: env.SSM_CORP_CODE, user: env.SSM_USER, password: env.SSM_PASSWORD, timeoutMs: env.SSM_TIMEOUT_MS }), files: localFileStorage(filesDir), webDist: path.join(dataDir, 'no-web') })
    try {
      await app.listen({ host: '127.0.0.1', port: 0 })
      await hello.listen({ host: '127.0.0.1', port: 0 })
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
      const helloUrl = `http://127.0.0.1:${(hello.server.address() as { port: number }).port}/hello`
      const signIn = await fetch(`${base}/api/ssm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: 'snapshot.localhost' },
        body: JSON.stringify({ service_name: 'ValidateSSMLogin', xml_body: { LoginKeyed: 'rmanager', passwordKeyed: 'snapshot-demo' } }),
      })
      const { token } = (await signIn.json()) as { token: string }
      const [location] = await database.db.select({ id: locations.id }).from(locations).orderBy(locations.id).limit(1)
      const [report] = await database.db.select({ id: brandsReports.id }).from(brandsReports).orderBy(brandsReports.id).limit(1)
      const urls = {
        overview: `${base}/api/facilities/overview`,
        analytics: `${base}/api/dashboard/analytics_report`,
        archive: `${base}/api/brands_reports/facility_brands_reports/${location!.id}`,
        report: `${base}/api/brands_reports/${report!.id}`,
      }
      for (const url of Object.values(urls)) if (!(await fetch(url, { headers: { authorization: `Bearer ${token}` } })).ok) throw new Error(`warm-up of ${url} failed`)
      const rows = ((await (await fetch(urls.overview, { headers: { authorization: `Bearer ${token}` } })).json()) as unknown[]).length

      const baseline = await measure(helloUrl, DURATION_SECONDS)
      lines.push(loadSetup(DURATION_SECONDS))
      lines.push(describe('bare Fastify hello-world', baseline))
      lines.push(describe(`GET /api/facilities/overview (${rows} rows)`, await measure(urls.overview, DURATION_SECONDS, token), baseline))
      lines.push(describe('GET /api/dashboard/analytics_report', await measure(urls.analytics, DURATION_SECONDS, token), baseline))
      lines.push(describe('GET /api/brands_reports/facility_brands_reports/{id}', await measure(urls.archive, DURATION_SECONDS, token), baseline))
      lines.push(describe('GET /api/brands_reports/{id}', await measure(urls.report, DURATION_SECONDS, token), baseline))
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
  for (const line of await runDashboardBench()) console.log(line)
}
