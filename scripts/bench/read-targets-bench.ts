import http from 'node:http'
import os from 'node:os'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { eq } from 'drizzle-orm'
import Fastify from 'fastify'
import { brandsReports, locations } from '../../apps/server/src/db/schema.ts'
import { describe, loadSetup, measure, measureWithWrk, type AutocannonResult } from './http-load.ts'
import { withSeededServer } from './seeded-server.ts'

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const SCALES = (process.env.BENCH_SCALES ?? '1,10').split(',').map(Number)
/** Issue 17's p99 goal for every read below, at 20 connections. */
const P99_GOAL_MS = 50

/**
 * The field tool's reads issue 17 sets goals for: the ratio to hello-world's req/s each must reach (none: measured
 * only, with no goal).
 */
function reads(
  archiveId: number,
  reportId: number,
): Array<{ name: string; url: string; ratio?: number; bare?: boolean }> {
  return [
    { name: 'facility detail', url: '/api/snapshot_locations?location_code=TX100', ratio: 0.25 },
    {
      name: 'tasks, first page',
      url: '/api/tasks?page=1&page_size=10&closed=false&location_code=TX100&type=unit',
      ratio: 0.15,
    },
    { name: 'report archive', url: `/api/brands_reports/facility_brands_reports/${archiveId}`, ratio: 0.15 },
    { name: 'tasks overview', url: '/api/tasks/overview', ratio: 0.1, bare: true },
    { name: 'facilities overview', url: '/api/facilities/overview', ratio: 0.1, bare: true },
    { name: 'analytics report', url: '/api/dashboard/analytics_report', ratio: 0.1 },
    { name: 'one brands report', url: `/api/brands_reports/${reportId}` },
  ]
}

const brotli = promisify(zlib.brotliCompress)
const load = () => `load average ${os.loadavg()[0]!.toFixed(1)}`
const perAnswer = (result: AutocannonResult) =>
  `${(result.throughput.total / Math.max(result.requests.total, 1) / 1024).toFixed(1)} KiB an answer`

/**
 * Reads `url` until its brotli bytes are those of brotli's best quality (at most 30 s): the read cache sends a fast
 * quality at once and its best seconds later (decision 010); the figures are those of an unchanged answer.
 */
export async function warmUp(url: string, token: string) {
  const { body } = await rawAnswer(url, token, 'identity')
  const best = await brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  })
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    if ((await rawAnswer(url, token)).body.length <= best.length) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/** The answer's bytes as sent for `accept` (the bench's: brotli), undecoded, with their Content-Encoding. */
function rawAnswer(url: string, token: string, accept = 'br, gzip'): Promise<{ body: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': accept }
    http
      .get(url, { headers }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`GET ${url} answered ${response.statusCode}`))
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            body: Buffer.concat(chunks),
            encoding: String(response.headers['content-encoding'] ?? 'identity'),
          }),
        )
      })
      .on('error', reject)
  })
}

/** `line (load …); goal … met | not met`, or `; no goal` for a read measured without one. */
function verdict(line: string, result: AutocannonResult, hello: AutocannonResult, ratio?: number) {
  const measured = `${line} (${load()})`
  if (ratio === undefined) return `${measured}; no goal`
  const met =
    result.requests.average / Math.max(hello.requests.average, 1) >= ratio && result.latency.p99 <= P99_GOAL_MS
  return `${measured}; goal ≥ ${ratio}× and p99 ≤ ${P99_GOAL_MS} ms: ${met ? 'met' : 'not met'}`
}

/**
 * Issue 17's read goals, measured: each read against the bare hello-world of the same run, at every scale in
 * BENCH_SCALES (1 and 10 unless set; cost should stay flat as data grows), real PostgreSQL (the seed of each scale kept
 * across runs, seed-cache.ts), 20 connections.
 */
export async function runReadTargetsBench(): Promise<string[]> {
  const lines = [loadSetup(DURATION_SECONDS)]
  for (const scale of SCALES) {
    await withSeededServer(
      scale,
      'rmanager',
      async ({ db, base, helloUrl, token, seeded }) => {
        const [archive] = await db
          .select({ id: locations.id })
          .from(locations)
          .where(eq(locations.location_code, 'TX100'))
        const [report] = await db
          .select({ id: brandsReports.id })
          .from(brandsReports)
          .where(eq(brandsReports.location_code, 'TX100'))
          .limit(1)
        lines.push(`scale ${scale}: ${seeded.facilities} facilities, ${seeded.tasks} tasks`)
        const hello = await measure(helloUrl, DURATION_SECONDS)
        lines.push(`  ${describe('bare Fastify hello-world', hello)} (${load()})`)
        // The same bytes from a bare route that does no work: what the load generator alone allows for an answer.
        let constant: { body: Buffer; encoding: string } = { body: Buffer.alloc(0), encoding: 'identity' }
        const bare = Fastify({ logger: false })
        bare.get('/constant', (_request, reply) =>
          reply
            .type('application/json; charset=utf-8')
            .header('content-encoding', constant.encoding)
            .send(constant.body),
        )
        await bare.listen({ host: '127.0.0.1', port: 0 })
        const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/constant`
        try {
          for (const read of reads(archive!.id, report!.id)) {
            await warmUp(`${base}${read.url}`, token)
            const result = await measure(`${base}${read.url}`, DURATION_SECONDS, token)
            const line = `  ${describe(`${read.name} (GET ${read.url})`, result, hello)}, ${perAnswer(result)}`
            lines.push(verdict(line, result, hello, read.ratio))
            if (read.bare) {
              constant = await rawAnswer(`${base}${read.url}`, token)
              const ceiling = await measure(bareUrl, DURATION_SECONDS)
              lines.push(
                `    ${describe(`its ${constant.body.length} ${constant.encoding} bytes from a bare route`, ceiling, hello)} (${load()})`,
              )
            }
          }
          // The same goals with wrk as the client, against wrk's own hello-world: the server's cost without
          // autocannon's per-byte work on the large answers (http-load.ts).
          const wrkHello = await measureWithWrk(helloUrl, DURATION_SECONDS)
          lines.push(`  wrk client: ${describe('bare Fastify hello-world', wrkHello)} (${load()})`)
          for (const read of reads(archive!.id, report!.id)) {
            const result = await measureWithWrk(`${base}${read.url}`, DURATION_SECONDS, token)
            lines.push(`  wrk client: ${verdict(describe(read.name, result, wrkHello), result, wrkHello, read.ratio)}`)
          }
        } finally {
          await bare.close()
        }
      },
      { reuseSeed: true },
    )
  }
  return lines
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of await runReadTargetsBench()) console.log(line)
}
