import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { io, type Socket } from 'socket.io-client'
import type { RateChanges, RateLiveEvent } from '@storageops/contracts/rates'
import { openDatabase } from '../../apps/server/src/db/client.ts'
import { locations, rateUploads, users } from '../../apps/server/src/db/schema.ts'
import { loadEnv } from '../../apps/server/src/env.ts'
import { getUnitTypes } from '../../apps/server/src/features/rates/ssm-rates.ts'
import { localFileStorage } from '../../apps/server/src/integrations/files/storage.ts'
import { demoSsmData } from '../../apps/server/src/seed/ssm-data.ts'
import { seedDemoData } from '../../apps/server/src/seed/seed.ts'
import { listenSignedInAdmin, startBenchApp } from './seeded-server.ts'

/** Rows of the street-rate file (BENCH_RATE_ROWS; the issue's figure is for 10,000). */
const ROWS = Number(process.env.BENCH_RATE_ROWS ?? 10_000)
const WATCHERS = Number(process.env.BENCH_RATE_WATCHERS ?? 20)
/** Each demo size comes in this many unit types (floors, doors, features): 150 × 7 types hold no 10,000 distinct rows. */
const TYPES_PER_SIZE = 24
const PAGE = '/street-rate-upload'

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? NaN

/**
 * The rate-upload figures of issue 16 on the embedded PGlite with the SSM stand-in over real HTTP: validating a
 * 10,000-row street-rate file (its counts), processing 10,000 street-rate rows against the stand-in, the first
 * live-log line after PROCESS, and delivery of the live events to 20 socket.io watchers over polling (p95).
 * The watchers run in the bench's own process, so their delivery times are upper bounds.
 */
export async function runRatesBench(): Promise<string[]> {
  const lines: string[] = []
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storageops-rates-bench-'))
  const env = loadEnv({ DATA_DIR: dataDir, DEMO_MODE: 'true', LOG_LEVEL: 'silent' })
  const database = await openDatabase({ dataDir: 'memory://' })
  const files = localFileStorage(path.join(dataDir, 'files'))
  await seedDemoData(database.db, { scale: 0.6, files })
  const demo = demoSsmData()
  const bench = await startBenchApp(database.db, env, {
    files,
    webDist: path.join(dataDir, 'no-web'),
    ssmData: {
      ...demo,
      unitsOf: (facility) =>
        demo.unitsOf(facility).map((unit, index) => ({
          ...unit,
          unit_type_id: unit.unit_type_id + 7 * (index % TYPES_PER_SIZE),
        })),
      streetRateOf: (code, unitTypeId) => demo.streetRateOf!(code, ((unitTypeId - 1) % 7) + 1),
    },
  })
  const { app } = bench
  const watchers: Socket[] = []
  try {
    const { base, token, headers } = await listenSignedInAdmin(app)
    const [admin] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'))

    // The file: every unit type of facility after facility, 5 % up, until ROWS rows.
    const rows: Array<{ location_code: string; unit_type_id: number; cents: number }> = []
    const facilities = await database.db
      .select({ code: locations.location_code })
      .from(locations)
      .orderBy(locations.location_code)
    for (const { code } of facilities) {
      if (rows.length >= ROWS) break
      for (const type of await getUnitTypes(app.ssm, code))
        rows.push({ location_code: code, unit_type_id: type.unit_type_id, cents: Math.round(type.street_cents * 1.05) })
    }
    if (rows.length < ROWS) throw new Error(`The stand-in holds only ${rows.length} unit types`)
    rows.length = ROWS
    const csv = (broken: (index: number) => boolean) =>
      [
        'location_code,unit_type_id,new_street_rate',
        ...rows.map(
          (row, index) =>
            `${row.location_code},${row.unit_type_id},${((broken(index) ? row.cents * 1.4 : row.cents) / 100).toFixed(2)}`,
        ),
      ].join('\n')
    const upload = async (content: string) => {
      const form = new FormData()
      form.append('file', new Blob([content], { type: 'text/csv' }), 'street-rates.csv')
      const started = performance.now()
      const response = await fetch(`${base}/api/street_rate/upload-csv`, { method: 'POST', headers, body: form })
      if (response.status !== 200) throw new Error(await response.text())
      const body = (await response.json()) as { counts: RateChanges['counts'] }
      return { ms: performance.now() - started, counts: body.counts }
    }
    const count = (value: number) => value.toLocaleString('en-US')

    // Validation: one file with every 50th rate 40 % up (over the 25 % maximum), then the clean file.
    const refused = await upload(csv((index) => index % 50 === 49))
    lines.push(
      `Validate ${count(ROWS)} street-rate rows (upload, parse, guardrails against the stand-in, rows stored): ${(refused.ms / 1000).toFixed(1)} s; ` +
        `counts received ${count(refused.counts.received)}, pending ${count(refused.counts.pending)}, errors ${count(refused.counts.errors)}`,
    )
    const clean = await upload(csv(() => false))
    const panelStarted = performance.now()
    const pending = (await (await fetch(`${base}/api/street_rate/changes`, { headers })).json()) as RateChanges
    const panelMs = performance.now() - panelStarted
    lines.push(
      `Validate the same ${count(ROWS)} rows without errors: ${(clean.ms / 1000).toFixed(1)} s (received ${count(clean.counts.received)}, pending ${count(clean.counts.pending)}, errors ${count(clean.counts.errors)}); ` +
        `pending-changes panel (counts, first 500 rows, revenue of ${pending.revenue.facilities.length} facilities): ${panelMs.toFixed(0)} ms`,
    )

    // 20 watchers of the page; every live line's publish time is noted to time its delivery to each of them.
    const published = new Map<number, number>()
    const publish = app.live.publish.bind(app.live)
    app.live.publish = (page, event, payload) => {
      published.set((payload as RateLiveEvent).logInfo.id, performance.now())
      publish(page, event, payload)
    }
    const received: Array<{ id: number; at: number }> = []
    let firstLine: number | null = null
    for (let index = 0; index < WATCHERS; index++) {
      const socket = io(base, {
        transports: ['polling'],
        auth: { token, page: PAGE },
        reconnection: false,
        forceNew: true,
      })
      watchers.push(socket)
      for (const event of ['street_rate_upload_event', 'street_rate_upload_item_event'])
        socket.on(event, (payload: RateLiveEvent) => {
          const at = performance.now()
          firstLine ??= at
          received.push({ id: payload.logInfo.id, at })
        })
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve)
        socket.once('connect_error', reject)
      })
    }

    const ssmCallsBefore = bench.ssm.calls.length
    const processStarted = performance.now()
    const response = await fetch(`${base}/api/street_rate/process`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ uploaded_at: pending.upload!.uploaded_at, user_id: admin!.id }),
    })
    if (response.status !== 202) throw new Error(await response.text())
    const { upload_id } = (await response.json()) as { upload_id: number }
    const deadline = Date.now() + 30 * 60_000
    for (;;) {
      const [row] = await database.db
        .select({ status: rateUploads.status })
        .from(rateUploads)
        .where(eq(rateUploads.id, upload_id))
      if (row?.status === 'processed') break
      if (Date.now() > deadline) throw new Error('processing did not finish in 30 minutes')
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    const processSeconds = (performance.now() - processStarted) / 1000
    const updates = bench.ssm.calls.slice(ssmCallsBefore).filter((method) => method === 'UnitStandardRateUpdate')
    lines.push(
      `Process ${count(ROWS)} street-rate rows against the stand-in (PROCESS to 'processed', with ${WATCHERS} watchers): ${processSeconds.toFixed(1)} s = ${(ROWS / processSeconds).toFixed(0)} rows/s; ` +
        `${count(updates.length)} UnitStandardRateUpdate calls (each row once: ${updates.length === ROWS})`,
    )
    lines.push(
      `First live-log line after PROCESS: ${firstLine === null ? 'none' : `${(firstLine - processStarted).toFixed(0)} ms`} (request sent to the first watcher's event)`,
    )

    await new Promise((resolve) => setTimeout(resolve, 2000))
    const delays = received.flatMap(({ id, at }) => {
      const sent = published.get(id)
      return sent === undefined ? [] : [at - sent]
    })
    lines.push(
      `Event delivery to ${WATCHERS} watchers over polling: ${count(delays.length)} deliveries of ${count(published.size)} events (expected ${count(published.size * WATCHERS)}); ` +
        `p50 ${percentile(delays, 50).toFixed(0)} ms, p95 ${percentile(delays, 95).toFixed(0)} ms, max ${percentile(delays, 100).toFixed(0)} ms from publish to the watcher's handler`,
    )
  } finally {
    for (const socket of watchers) socket.close()
    await bench.close()
    await database.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  return lines
}

if (import.meta.url === `file://${process.argv[1]}`) for (const line of await runRatesBench()) console.log(line)
