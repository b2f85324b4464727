import { pathToFileURL } from 'node:url'
import { count } from 'drizzle-orm'
import { brandStandardAttachments, brandsReports, locations } from '../../apps/server/src/db/schema.ts'
import { describe, loadSetup, measure } from './http-load.ts'
import { withSeededServer } from './seeded-server.ts'

const DURATION_SECONDS = 5
const SCALE = 10

/** Overview, analytics figures, archive and one report at scale 10 on PostgreSQL, 20 connections for 5 s (issue 6). */
export async function runDashboardBench(): Promise<string[]> {
  return withSeededServer(SCALE, 'rmanager', async ({ db, base, helloUrl, token, seeded, seedSeconds }) => {
    const [reportCount] = await db.select({ value: count() }).from(brandsReports)
    const [photoCount] = await db.select({ value: count() }).from(brandStandardAttachments)
    const lines = [
      `seed at scale ${SCALE} on PostgreSQL: ${seeded.facilities} facilities, ${reportCount!.value} brands reports with ${photoCount!.value} photos, ${seeded.tasks} tasks in ${seedSeconds.toFixed(1)} s`,
    ]
    const [location] = await db.select({ id: locations.id }).from(locations).orderBy(locations.id).limit(1)
    const [report] = await db.select({ id: brandsReports.id }).from(brandsReports).orderBy(brandsReports.id).limit(1)
    const urls = {
      detail: `${base}/api/snapshot_locations?location_code=TX100`,
      overview: `${base}/api/facilities/overview`,
      analytics: `${base}/api/dashboard/analytics_report`,
      archive: `${base}/api/brands_reports/facility_brands_reports/${location!.id}`,
      report: `${base}/api/brands_reports/${report!.id}`,
    }
    for (const url of Object.values(urls))
      if (!(await fetch(url, { headers: { authorization: `Bearer ${token}` } })).ok)
        throw new Error(`warm-up of ${url} failed`)
    const rows = (
      (await (await fetch(urls.overview, { headers: { authorization: `Bearer ${token}` } })).json()) as unknown[]
    ).length

    const baseline = await measure(helloUrl, DURATION_SECONDS)
    lines.push(loadSetup(DURATION_SECONDS))
    lines.push(describe('bare Fastify hello-world', baseline))
    lines.push(
      describe(
        'GET /api/snapshot_locations?location_code= (facility detail)',
        await measure(urls.detail, DURATION_SECONDS, token),
        baseline,
      ),
    )
    lines.push(
      describe(
        `GET /api/facilities/overview (${rows} rows)`,
        await measure(urls.overview, DURATION_SECONDS, token),
        baseline,
      ),
    )
    lines.push(
      describe('GET /api/dashboard/analytics_report', await measure(urls.analytics, DURATION_SECONDS, token), baseline),
    )
    lines.push(
      describe(
        'GET /api/brands_reports/facility_brands_reports/{id}',
        await measure(urls.archive, DURATION_SECONDS, token),
        baseline,
      ),
    )
    lines.push(describe('GET /api/brands_reports/{id}', await measure(urls.report, DURATION_SECONDS, token), baseline))
    return lines
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of await runDashboardBench()) console.log(line)
}
