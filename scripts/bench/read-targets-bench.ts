import os from 'node:os'
import { pathToFileURL } from 'node:url'
import { eq } from 'drizzle-orm'
import { locations } from '../../apps/server/src/db/schema.ts'
import { describe, loadSetup, measure } from './http-load.ts'
import { withSeededServer } from './seeded-server.ts'

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const SCALES = (process.env.BENCH_SCALES ?? '1,10').split(',').map(Number)
/** Issue 17's p99 goal for every read below, at 20 connections. */
const P99_GOAL_MS = 50

/** The field tool's reads issue 17 sets goals for: the ratio to hello-world's req/s each must reach. */
function reads(archiveId: number): Array<{ name: string; url: string; ratio: number }> {
  return [
    { name: 'facility detail', url: '/api/snapshot_locations?location_code=TX100', ratio: 0.25 },
    {
      name: 'tasks, first page',
      url: '/api/tasks?page=1&page_size=10&closed=false&location_code=TX100&type=unit',
      ratio: 0.15,
    },
    { name: 'report archive', url: `/api/brands_reports/facility_brands_reports/${archiveId}`, ratio: 0.15 },
    { name: 'tasks overview', url: '/api/tasks/overview', ratio: 0.1 },
    { name: 'facilities overview', url: '/api/facilities/overview', ratio: 0.1 },
    { name: 'analytics report', url: '/api/dashboard/analytics_report', ratio: 0.1 },
  ]
}

const load = () => `load average ${os.loadavg()[0]!.toFixed(1)}`

/**
 * Issue 17's read goals, measured: each read against the bare hello-world of the same run, at every scale in
 * BENCH_SCALES (1 and 10 unless set; cost should stay flat as data grows), real PostgreSQL, 20 connections.
 */
export async function runReadTargetsBench(): Promise<string[]> {
  const lines = [loadSetup(DURATION_SECONDS)]
  for (const scale of SCALES) {
    await withSeededServer(scale, 'rmanager', async ({ db, base, helloUrl, token, seeded }) => {
      const [archive] = await db
        .select({ id: locations.id })
        .from(locations)
        .where(eq(locations.location_code, 'TX100'))
      lines.push(`scale ${scale}: ${seeded.facilities} facilities, ${seeded.tasks} tasks`)
      const hello = await measure(helloUrl, DURATION_SECONDS)
      lines.push(`  ${describe('bare Fastify hello-world', hello)} (${load()})`)
      for (const read of reads(archive!.id)) {
        const warm = await fetch(`${base}${read.url}`, { headers: { authorization: `Bearer ${token}` } })
        if (!warm.ok) throw new Error(`warm-up of ${read.url} failed: ${warm.status}`)
        await warm.arrayBuffer()
        const result = await measure(`${base}${read.url}`, DURATION_SECONDS, token)
        const met =
          result.requests.average / Math.max(hello.requests.average, 1) >= read.ratio &&
          result.latency.p99 <= P99_GOAL_MS
        lines.push(
          `  ${describe(`${read.name} (GET ${read.url})`, result, hello)} (${load()}); goal ≥ ${read.ratio}× and p99 ≤ ${P99_GOAL_MS} ms: ${met ? 'met' : 'not met'}`,
        )
      }
    })
  }
  return lines
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of await runReadTargetsBench()) console.log(line)
}
