import { pathToFileURL } from 'node:url'
import { count } from 'drizzle-orm'
import { taskActivities } from '../../apps/server/src/db/schema.ts'
import { describe, loadSetup, measure } from './http-load.ts'
import { withSeededServer } from './seeded-server.ts'

const DURATION_SECONDS = 10
const SCALE = 10

/** Task overview and a facility's unit tasks at scale 10 on PostgreSQL, 20 connections for 10 s (issue 4). */
export async function runTasksBench(): Promise<string[]> {
  return withSeededServer(SCALE, 'pmanager', async ({ db, base, helloUrl, token, seeded, seedSeconds }) => {
    const [activityCount] = await db.select({ value: count() }).from(taskActivities)
    const lines = [
      `seed at scale ${SCALE} on PostgreSQL: ${seeded.facilities} facilities, ${seeded.tasks} tasks, ${activityCount!.value} activities in ${seedSeconds.toFixed(1)} s`,
    ]
    const overviewUrl = `${base}/api/tasks/overview`
    const pageUrl = `${base}/api/tasks?page=1&page_size=10&closed=false&location_code=TX100&type=unit`
    // One warm-up call each, then the timed runs back to back.
    for (const url of [overviewUrl, pageUrl])
      if (!(await fetch(url, { headers: { authorization: `Bearer ${token}` } })).ok)
        throw new Error(`warm-up of ${url} failed`)
    const overviewRows = (
      (await (await fetch(overviewUrl, { headers: { authorization: `Bearer ${token}` } })).json()) as unknown[]
    ).length

    const baseline = await measure(helloUrl, DURATION_SECONDS)
    const overview = await measure(overviewUrl, DURATION_SECONDS, token)
    const firstPage = await measure(pageUrl, DURATION_SECONDS, token)
    lines.push(loadSetup(DURATION_SECONDS))
    lines.push(describe('bare Fastify hello-world', baseline))
    lines.push(describe(`GET /api/tasks/overview (${overviewRows} rows)`, overview, baseline))
    lines.push(describe('GET /api/tasks first page (TX100 open unit tasks)', firstPage, baseline))
    return lines
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of await runTasksBench()) console.log(line)
}
