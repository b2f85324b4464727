import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type BrowserContext, type Page } from '@playwright/test'
import { and, eq } from 'drizzle-orm'
import pg from 'pg'
import type { SsmUnit } from '@storageops/ssm-simulator/simulator'
import type { Walkthrough } from '@storageops/contracts/walkthroughs'
import { openDatabase, type Db } from '../../apps/server/src/db/client.ts'
import { locationUnits, locations } from '../../apps/server/src/db/schema.ts'
import { loadEnv } from '../../apps/server/src/env.ts'
import { localFileStorage } from '../../apps/server/src/integrations/files/storage.ts'
import { demoSsmData } from '../../apps/server/src/seed/ssm-data.ts'
import { seedDemoData } from '../../apps/server/src/seed/seed.ts'
import { percentiles } from './frame-trace.ts'
import { noisyPhoto, PHONE } from './phone.ts'
import { describe as describeLoad, measure, type AutocannonResult } from './http-load.ts'
import { startBenchApp } from './seeded-server.ts'
import { describeFrames, describeWork, measureMap } from './unit-maps-bench.ts'
import { webDist } from './web-dist.ts'

/**
 * Issue 31's figures. On a 390×844 phone (touch, device pixel ratio 3) with a 1,000-unit facility: a door recorded and
 * the next unit on screen (Event Timing: tap to next paint, without and with 4× CPU throttling), the walkthrough map's
 * pan (frame times and main-thread CPU per frame, as decision 010 measures the unit map), and 1,000 doors with 20
 * photos recorded offline then synced (seconds from the network's return to the server holding all 1,000). Then the
 * walkthrough API on copies of the shared scale-1 and scale-27 PostgreSQL databases (WALKTHROUGH_BENCH_PG, default the
 * HANDBOOK's server; skipped when it does not answer), 10 connections as issue 30's bars: ≥ 0.5× of scale 1's
 * throughput and p99 ≤ 50 ms.
 */

const UNITS = 1000
const PER_ROW = 40
const PHOTOS = 20
const TAPS = 40

/** 1,000 units of one floor: 25 buildings (A–Y) of 40, on the map and in the stand-in; none unrentable. */
function benchUnits(code: string) {
  return Array.from({ length: UNITS }, (_, index) => {
    const building = String.fromCharCode(65 + Math.floor(index / PER_ROW))
    const slot = (index % PER_ROW) + 1
    return {
      unit_id: String(900_000 + index),
      unit_no: `${building}${100 + slot}`,
      top_coordinate: 80 + Math.floor(index / PER_ROW) * 70,
      left_coordinate: 60 + (index % PER_ROW) * 24,
      status: index % 10 < 8 ? 'Rented' : index % 10 === 8 ? 'Vacant' : 'Reserved',
      code,
    }
  })
}

async function installBenchFacility(db: Db, code: string) {
  await db.delete(locationUnits).where(and(eq(locationUnits.location_code, code), eq(locationUnits.system, false)))
  await db.insert(locationUnits).values(
    benchUnits(code).map((unit) => ({
      location_code: code,
      unit_id: unit.unit_id,
      unit_no: unit.unit_no,
      floor_no: 1,
      top_coordinate: unit.top_coordinate,
      left_coordinate: unit.left_coordinate,
      width: 20,
      length: 40,
      rotate: 0,
      category_name: 'Drive Up',
      description: '10x20 Drive Up',
      system: false,
      system_rotation: 0,
    })),
  )
}

/** The demo operator's system, with the bench facility's 1,000 units in place of its generated ones. */
function ssmDataWith(code: string) {
  const demo = demoSsmData()
  const units: SsmUnit[] = benchUnits(code).map((unit) => ({
    unit_id: unit.unit_id,
    unit_no: unit.unit_no,
    unit_type_id: 3,
    category_name: 'Drive Up',
    description: '10x20 Drive Up',
    width: 10,
    length: 20,
    status: unit.status,
    system: false,
  }))
  return {
    ...demo,
    unitsOf: (location: { location_code: string; floor_count: number }) =>
      location.location_code === code ? units : demo.unitsOf(location),
  }
}

const token = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('snapshot_user') ?? '{}') as { token: string }).token)

async function call<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, url, body, bearer }) => {
      const response = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${bearer}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      })
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`)
      return (await response.json()) as T
    },
    { method, url, body, bearer: await token(page) },
  )
}

async function signIn(page: Page, field: string) {
  await page.goto(`${field}/login`)
  await page.getByLabel('Username').fill('pmanager')
  await page.getByLabel('Password').fill('snapshot-demo')
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL((url) => url.pathname === '/')
}

const heading = (page: Page) => page.getByRole('region', { name: /^Unit / }).getByRole('heading', { level: 2 })

/** Taps the expected door `count` times; the Event Timing entries of each tap (its slowest event) in ms. */
async function tapDoors(page: Page, count: number): Promise<{ durations: number[]; unmeasured: number }> {
  await page.evaluate(() => {
    const store = window as unknown as { tapTimings: Map<number, number> }
    store.tapTimings = new Map()
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEventTiming & { interactionId: number }>)
        if (entry.interactionId)
          store.tapTimings.set(
            entry.interactionId,
            Math.max(store.tapTimings.get(entry.interactionId) ?? 0, entry.duration),
          )
    }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit)
  })
  for (let tap = 0; tap < count; tap++) {
    const before = await heading(page).textContent()
    await page
      .getByRole('group', { name: /^What the door of unit/ })
      .locator('[data-variant="filled"]')
      .tap()
    await page.waitForFunction(
      (text) => document.querySelector('section[aria-label^="Unit "] h2')?.textContent !== text,
      before,
    )
  }
  await page.waitForTimeout(300)
  const durations = await page.evaluate(() => [
    ...(window as unknown as { tapTimings: Map<number, number> }).tapTimings.values(),
  ])
  return { durations, unmeasured: count - durations.length }
}

const describeTaps = (name: string, taps: { durations: number[]; unmeasured: number }) => {
  const all = [...taps.durations, ...Array.from({ length: taps.unmeasured }, () => 16)]
  const figures = percentiles(all)
  return `${name}: ${all.length} taps, tap to next paint p50 ${figures.p50.toFixed(0)} ms, p95 ${figures.p95.toFixed(0)} ms, max ${figures.max.toFixed(0)} ms (${taps.unmeasured} under Event Timing's 16 ms floor, counted as 16; goal ≤ 100 ms); load average ${os.loadavg()[0]!.toFixed(1)}`
}

/** Records every door of a fresh walkthrough offline (a photo with every 50th), then measures the sync. */
async function offlineSync(context: BrowserContext, page: Page, field: string, code: string, photo: Buffer) {
  const walkthrough = await call<Walkthrough>(page, 'POST', '/api/walkthroughs', { location_code: code })
  await page.goto(`${field}/snapshot/${code}/walkthroughs/${walkthrough.id}`)
  await heading(page).waitFor()
  await context.setOffline(true)
  const started = performance.now()
  const every = UNITS / PHOTOS
  await page.getByRole('button', { name: 'Add serial, note or photo' }).click()
  for (let chunk = 0; chunk < PHOTOS; chunk++) {
    await page.locator('section[aria-label^="Unit "] input[type="file"]').setInputFiles({
      name: `door-${chunk}.jpg`,
      mimeType: 'image/jpeg',
      buffer: photo,
    })
    await page.getByRole('img', { name: /^Photo of unit/ }).waitFor()
    // One tap with the photo, then the chunk's other doors, each as soon as the next unit is on screen.
    await page.evaluate(async (taps) => {
      for (let tap = 0; tap < taps; tap++) {
        const title = document.querySelector('section[aria-label^="Unit "] h2')?.textContent
        const button = document.querySelector<HTMLButtonElement>('[role="group"] button[data-variant="filled"]')
        if (!button) return
        button.click()
        while (document.querySelector('section[aria-label^="Unit "] h2')?.textContent === title && tap < taps - 1)
          await new Promise((resolve) => requestAnimationFrame(resolve))
      }
    }, every)
  }
  const recording = (performance.now() - started) / 1000
  await page
    .waitForFunction(
      () =>
        document.body.innerText.includes('1,000 doors waiting to sync') ||
        document.body.innerText.includes('1000 doors waiting'),
      undefined,
      { timeout: 60_000 },
    )
    .catch(() => undefined)
  let posts = 0
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/observations')) posts++
  })
  const online = performance.now()
  await context.setOffline(false)
  const deadline = Date.now() + 300_000
  let checked = 0
  while (Date.now() < deadline) {
    checked = (await call<Walkthrough>(page, 'GET', `/api/walkthroughs/${walkthrough.id}`)).checked_count
    if (checked >= UNITS) break
    await page.waitForTimeout(100)
  }
  const synced = (performance.now() - online) / 1000
  return `1,000 doors with ${PHOTOS} photos (${(photo.length / 1024).toFixed(0)} KB each) recorded offline in ${recording.toFixed(1)} s, synced in ${synced.toFixed(1)} s after the network returned (goal ≤ 15 s) in ${posts} requests; the server holds ${checked} of ${UNITS}; load average ${os.loadavg()[0]!.toFixed(1)}`
}

async function phoneFigures(): Promise<string[]> {
  const lines: string[] = []
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storageops-bench-walkthrough-'))
  const env = loadEnv({ DATA_DIR: dataDir, DEMO_MODE: 'true', LOG_LEVEL: 'silent' })
  const database = await openDatabase({ dataDir: 'memory://' })
  const files = localFileStorage(path.join(dataDir, 'files'))
  await seedDemoData(database.db, { scale: 0.1, files })
  const [facility] = await database.db.select().from(locations).orderBy(locations.id).limit(1)
  const code = facility!.location_code
  await installBenchFacility(database.db, code)
  const { app, close } = await startBenchApp(database.db, env, {
    files,
    webDist: webDist(),
    ssmData: ssmDataWith(code),
  })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  })
  const photo = await noisyPhoto(1600, 1200, 70)
  try {
    await app.listen({ host: '127.0.0.1', port: 0 })
    const field = `http://snapshot.localhost:${(app.server.address() as { port: number }).port}`
    const context = await browser.newContext(PHONE)
    const page = await context.newPage()
    await signIn(page, field)
    const walkthrough = await call<Walkthrough>(page, 'POST', '/api/walkthroughs', { location_code: code })
    const url = `${field}/snapshot/${code}/walkthroughs/${walkthrough.id}`
    await page.goto(url)
    await heading(page).waitFor()
    lines.push(`a ${walkthrough.units.length}-unit facility (${walkthrough.unit_count} to check) on a 390×844 phone:`)
    lines.push(describeTaps('  recording a door, the next unit on screen', await tapDoors(page, TAPS)))
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    lines.push(describeTaps('  the same with the CPU 4× slower', await tapDoors(page, TAPS / 2)))
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    await cdp.detach()
    for (const run of [1, 2]) {
      const result = await measureMap(page, url, UNITS, run === 2 ? browser : undefined)
      lines.push(
        `  walkthrough map, run ${run}${result.work ? ' (traced)' : ''}: first draw ${result.afterData.toFixed(0)} ms after the units arrived; pan with a zoom step every 20th frame, ${describeFrames(result)}; load average ${os.loadavg()[0]!.toFixed(1)}`,
      )
      if (result.work) lines.push(...describeWork(result.work))
    }
    await call(page, 'POST', `/api/walkthroughs/${walkthrough.id}/finish`, {})
    lines.push(`  ${await offlineSync(context, page, field, code, photo)}`)
    await context.close()
  } finally {
    await browser.close()
    await close()
    await database.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  return lines
}

const ADMIN_URL = process.env.WALKTHROUGH_BENCH_PG ?? 'postgres://postgres@127.0.0.1:54327/postgres'
const API_SECONDS = 5

/** A database `copy` made from the shared `template` (retried while another session is connected to it). */
async function copyOf(template: string, copy: string): Promise<string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 })
  await admin.connect()
  try {
    await admin.query(`drop database if exists ${copy} with (force)`)
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${copy} template ${template}`)
        break
      } catch (error) {
        if (attempt >= 30 || !/being accessed/.test((error as Error).message)) throw error
        await new Promise((resolve) => setTimeout(resolve, 10_000))
      }
    }
  } finally {
    await admin.end()
  }
  return ADMIN_URL.replace(/\/[^/]*$/, `/${copy}`)
}

async function dropDatabase(name: string) {
  const admin = new pg.Client({ connectionString: ADMIN_URL })
  await admin.connect()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.end()
}

async function apiFigures(scale: number): Promise<{ lines: string[]; results: Map<string, AutocannonResult> }> {
  const copy = `walkthrough_bench_${scale}`
  const url = await copyOf(`scale${scale}`, copy)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storageops-bench-walkthrough-api-'))
  const env = loadEnv({ DATA_DIR: dataDir, DATABASE_URL: url, DEMO_MODE: 'true', LOG_LEVEL: 'silent' })
  const database = await openDatabase({ url })
  const { app, close } = await startBenchApp(database.db, env, {
    files: localFileStorage(path.join(dataDir, 'files')),
    webDist: path.join(dataDir, 'no-web'),
  })
  const results = new Map<string, AutocannonResult>()
  const lines: string[] = []
  try {
    await app.listen({ host: '127.0.0.1', port: 0 })
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
    const headers = { host: 'snapshot.localhost', 'content-type': 'application/json' }
    const signIn = await fetch(`${base}/api/ssm`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        service_name: 'ValidateSSMLogin',
        xml_body: { LoginKeyed: 'pmanager', passwordKeyed: 'snapshot-demo' },
      }),
    })
    const { token } = (await signIn.json()) as { token: string }
    const post = async <T>(pathName: string, body: unknown): Promise<T> => {
      const response = await fetch(`${base}${pathName}`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      })
      if (!response.ok) throw new Error(`${pathName}: ${response.status} ${await response.text()}`)
      return (await response.json()) as T
    }
    const [facility] = await database.db.select().from(locations).orderBy(locations.location_code).limit(1)
    const code = facility!.location_code
    // A facility's archive of 25 walkthroughs, the last one finished with every door recorded and a few disagreeing.
    let last: Walkthrough | undefined
    const started = performance.now()
    for (let index = 0; index < 25; index++) {
      last = await post<Walkthrough>('/api/walkthroughs', { location_code: code })
      const doors = last.units
        .filter((unit) => unit.expected !== 'skip')
        .map((unit, at) => ({
          client_id: `bench-${index}-${at}`,
          unit_no: unit.unit_no,
          observed: at % 40 === 0 ? 'no_lock' : unit.expected,
        }))
      const batchStarted = performance.now()
      await post(`/api/walkthroughs/${last.id}/observations`, { observations: doors })
      if (index === 0)
        lines.push(
          `scale ${scale}: one batch of ${doors.length} doors recorded in ${(performance.now() - batchStarted).toFixed(0)} ms`,
        )
      await post(`/api/walkthroughs/${last.id}/finish`, {})
    }
    lines.push(
      `scale ${scale}: 25 walkthroughs of ${code} (start, all doors, finish) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
    const reads: Array<[string, string]> = [
      ['GET /api/walkthroughs/{id} (all units)', `/api/walkthroughs/${last!.id}`],
      ['GET /api/walkthroughs?location_code (archive, first page)', `/api/walkthroughs?location_code=${code}`],
    ]
    for (const [name, pathName] of reads) {
      const result = await measure(`${base}${pathName}`, API_SECONDS, token, { host: 'snapshot.localhost' }, 10)
      results.set(name, result)
      lines.push(describeLoad(`scale ${scale}: ${name}`, result))
    }
  } finally {
    await close()
    await database.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
    if (!process.env.WALKTHROUGH_BENCH_KEEP) await dropDatabase(copy)
  }
  return { lines, results }
}

async function serverAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname in ('scale1', 'scale27')",
    )
    return rows.length === 2
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

export async function runWalkthroughBench(): Promise<string[]> {
  const lines = await phoneFigures()
  if (!(await serverAnswers()))
    return [...lines, `walkthrough API: no scale1/scale27 databases at ${ADMIN_URL} (skipped)`]
  const one = await apiFigures(1)
  const big = await apiFigures(27)
  lines.push(...one.lines, ...big.lines)
  for (const [name, result] of big.results) {
    const base = one.results.get(name)!
    const ratio = result.requests.average / Math.max(base.requests.average, 1)
    lines.push(
      `${name}: scale 27 ${ratio.toFixed(2)}× of scale 1's req/s (goal ≥ 0.5×), p99 ${result.latency.p99} ms (goal ≤ 50 ms)`,
    )
  }
  return lines
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await runWalkthroughBench()) console.log(line)
}
