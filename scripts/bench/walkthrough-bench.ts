import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { and, eq } from 'drizzle-orm'
import pg from 'pg'
import type { SsmUnit } from '@storageops/ssm-simulator/simulator'
import type { LockChecksDue, Walkthrough, WalkthroughList } from '@storageops/contracts/walkthroughs'
import { OBSERVATIONS_PER_REQUEST_MAX } from '@storageops/contracts/walkthrough-rules'
import { openDatabase, type Db } from '../../apps/server/src/db/client.ts'
import { locationUnits, locations } from '../../apps/server/src/db/schema.ts'
import { loadEnv } from '../../apps/server/src/env.ts'
import { localFileStorage } from '../../apps/server/src/integrations/files/storage.ts'
import { demoSsmData } from '../../apps/server/src/seed/ssm-data.ts'
import { seedDemoData } from '../../apps/server/src/seed/seed.ts'
import { percentiles } from './frame-trace.ts'
import { noisyPhoto, PHONE } from './phone.ts'
import { describe as describeLoad, loadSetup, measure, type AutocannonResult } from './http-load.ts'
import { seededDatabase } from './seed-cache.ts'
import { startBenchApp } from './seeded-server.ts'
import { startServerProcess, type ServerProcess } from './server-process.ts'
import { describeFrames, describeWork, measureMap } from './unit-maps-bench.ts'
import { webDist } from './web-dist.ts'

/**
 * Issue 31's figures ("Measured"), each printed the moment it is taken, with the load average.
 *
 * 1. Phone (unless WALKTHROUGH_BENCH_ONLY=api), a 1,000-unit facility on the embedded database, 390×844 (touch,
 *    device pixel ratio 3): a door recorded and the next unit on screen (Event Timing, tap to next paint; again with
 *    the CPU 4× slower), the walkthrough map's pan (frame times as decision 010 measures the unit map), and 1,000
 *    doors with 20 photos recorded offline then synced (seconds from the network's return to the server holding all,
 *    watched on the archive's first row; the server's time for each request and the phone's between them).
 *    WALKTHROUGH_BENCH_ONLY=offline measures the sync alone.
 * 2. API at each scale of BENCH_SCALES (default 1,27; unless WALKTHROUGH_BENCH_ONLY=phone), the server in a process of
 *    its own on real PostgreSQL as scale-bench.ts runs it: on the facility with the most units, starting a walkthrough
 *    (the SSM's statuses and rent roll read), recording one door at a time as a phone online does, the rest of the
 *    walk synced in batches of 500 as the write queue sends an offline walk, finishing it (discrepancy tasks); then
 *    10 connections for BENCH_SECONDS (default 5) on the walkthrough, the facility's archive and the lock-checks-due
 *    list (issue 30's bars: ≥ 0.5× of scale 1's req/s, p99 ≤ 50 ms); then on a 390×844 phone (Chromium) the Lock
 *    checks due page and the walk screen of that facility (time to the first card / unit, tap to next paint).
 *
 * The bench WRITES (walkthroughs, observations, tasks): never point it at the shared seeds scale1 / scale27 (it
 * refuses them by name). Make a copy per scale, while nobody is connected to the template:
 *   createdb -h 127.0.0.1 -p 54327 -U postgres -T scale27 walkbench27   (a minute; same for scale1 → walkbench1)
 *   BENCH_DATABASE_URL='postgres://postgres@127.0.0.1:54327/walkbench{scale}' BENCH_SCALES=1,27 \
 *     npx tsx scripts/bench/walkthrough-bench.ts
 *   dropdb -h 127.0.0.1 -p 54327 -U postgres walkbench27
 * The server applies newer migrations to the copy on start. Without BENCH_DATABASE_URL each scale is the seed kept in
 * node_modules/.cache (seed-cache.ts), seeded on first use (scale 27 takes long). A request answered 503 (the pool's
 * watchdog under heavy load) is asked again up to 3 times, 2 s apart, and the output says so.
 */

type Log = (line: string) => void

const SCALES = (process.env.BENCH_SCALES ?? '1,27').split(',').map(Number)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
/** Issue 30's load: 10 connections. */
const CONNECTIONS = 10
const ONLY = process.env.WALKTHROUGH_BENCH_ONLY
/** The shared seeds, which this bench must never write to. */
const SHARED_SEEDS = new Set(['scale1', 'scale27'])
/** Doors recorded one request each, as a phone online sends them. */
const ONE_BY_ONE = 30
/** Walkthroughs of the facility before the archive is read. */
const ARCHIVE = 5
const PHONE_TIMEOUT_MS = 60_000

const loadAverage = () => `load average ${os.loadavg()[0]!.toFixed(1)}`
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

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

/** 503 (the database pool's watchdog cutting connections under load) is asked again this often, this far apart. */
const RETRIES = 3
const RETRY_PAUSE_MS = 2000

/** The API as the signed-in `page` asks it; an answer of 503 is asked again (RETRIES) and said in the output. */
function pageApi(page: Page, log: Log) {
  return async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const answer = await page.evaluate(
      async ({ method, url, body, bearer, retries, pauseMs }) => {
        for (let attempt = 0; ; attempt++) {
          const response = await fetch(url, {
            method,
            headers: { authorization: `Bearer ${bearer}`, ...(body ? { 'content-type': 'application/json' } : {}) },
            body: body ? JSON.stringify(body) : undefined,
          })
          if (response.status !== 503 || attempt >= retries)
            return { status: response.status, text: await response.text(), retried: attempt }
          await new Promise((resolve) => setTimeout(resolve, pauseMs))
        }
      },
      { method, url, body, bearer: await token(page), retries: RETRIES, pauseMs: RETRY_PAUSE_MS },
    )
    if (answer.retried > 0) log(`  (${method} ${url} answered 503, asked again ${answer.retried}×; ${loadAverage()})`)
    if (answer.status >= 300) throw new Error(`${method} ${url}: ${answer.status} ${answer.text}`)
    return JSON.parse(answer.text) as T
  }
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
  return `${name}: ${all.length} taps, tap to next paint p50 ${figures.p50.toFixed(0)} ms, p95 ${figures.p95.toFixed(0)} ms, max ${figures.max.toFixed(0)} ms (${taps.unmeasured} under Event Timing's 16 ms floor, counted as 16; goal ≤ 100 ms); ${loadAverage()}`
}

/** Records every door of a fresh walkthrough offline (a photo with every 50th), then measures the sync. */
async function offlineSync(
  context: BrowserContext,
  page: Page,
  api: ReturnType<typeof pageApi>,
  field: string,
  code: string,
  photo: Buffer,
) {
  const walkthrough = await api<Walkthrough>('POST', '/api/walkthroughs', { location_code: code })
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
  const queueLag = (performance.now() - started) / 1000 - recording
  const sent: SentWrite[] = []
  page.on('requestfinished', (request) => {
    if (request.method() !== 'POST' || !request.url().includes('/observations')) return
    const timing = request.timing()
    sent.push({
      photo: request.url().endsWith('/photo'),
      start: timing.startTime,
      waiting: timing.responseStart - timing.requestStart,
      end: timing.startTime + timing.responseEnd,
    })
  })
  const online = Date.now()
  await context.setOffline(false)
  const deadline = Date.now() + 300_000
  let checked = 0
  let polls = 0
  while (Date.now() < deadline) {
    polls++
    checked = (await api<WalkthroughList>('GET', `/api/walkthroughs?location_code=${code}&limit=1`)).rows[0]!
      .checked_count
    if (checked >= UNITS) break
    await page.waitForTimeout(100)
  }
  const synced = (Date.now() - online) / 1000
  return [
    `1,000 doors with ${PHOTOS} photos (${(photo.length / 1024).toFixed(0)} KB each) recorded offline in ${recording.toFixed(1)} s (all in the queue ${queueLag.toFixed(1)} s after the last tap), synced in ${synced.toFixed(1)} s after the network returned (goal ≤ 15 s) in ${sent.length} requests; the server holds ${checked} of ${UNITS} (${polls} polls of the archive's first row); ${loadAverage()}`,
    `  where the sync went: ${describeSent(sent, online)}`,
  ].join('\n')
}

interface SentWrite {
  photo: boolean
  /** Epoch ms the request started, and its response ended. */
  start: number
  end: number
  /** Request sent to the first byte of the answer (the server's time, and the upload). */
  waiting: number
}

/** The sync's requests: the server's time for photos and for lists of doors, the phone's time between them. */
function describeSent(sent: SentWrite[], online: number) {
  if (sent.length === 0) return 'no request'
  const ordered = [...sent].sort((a, b) => a.start - b.start)
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)
  const part = (photo: boolean) => {
    const waits = ordered.filter((write) => write.photo === photo).map((write) => write.waiting)
    return `${waits.length} ${photo ? 'photos' : 'lists of doors'} ${(sum(waits) / 1000).toFixed(1)} s of server time (p50 ${percentiles(waits).p50.toFixed(0)} ms, max ${Math.max(...waits).toFixed(0)} ms)`
  }
  const busy = sum(ordered.map((write) => write.end - write.start))
  const span = Math.max(...ordered.map((write) => write.end)) - ordered[0]!.start
  return `first request ${((ordered[0]!.start - online) / 1000).toFixed(1)} s after the network returned; ${part(true)}; ${part(false)}; requests open ${(busy / 1000).toFixed(1)} s of the ${(span / 1000).toFixed(1)} s from the first to the last answer`
}

async function tapAndMapFigures(log: Log, context: BrowserContext, page: Page, url: string, browser: Browser) {
  log(describeTaps('  recording a door, the next unit on screen', await tapDoors(page, TAPS)))
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  log(describeTaps('  the same with the CPU 4× slower', await tapDoors(page, TAPS / 2)))
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  await cdp.detach()
  for (const run of [1, 2]) {
    const result = await measureMap(page, url, UNITS, run === 2 ? browser : undefined)
    log(
      `  walkthrough map, run ${run}${result.work ? ' (traced)' : ''}: first draw ${result.afterData.toFixed(0)} ms after the units arrived; pan with a zoom step every 20th frame, ${describeFrames(result)}; ${loadAverage()}`,
    )
    if (result.work) for (const line of describeWork(result.work)) log(line)
  }
}

/** Issue 31's phone figures on a 1,000-unit facility of the embedded database (PGlite), each logged as measured. */
async function phoneFigures(log: Log) {
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
    const api = pageApi(page, log)
    const walkthrough = await api<Walkthrough>('POST', '/api/walkthroughs', { location_code: code })
    const url = `${field}/snapshot/${code}/walkthroughs/${walkthrough.id}`
    await page.goto(url)
    await heading(page).waitFor()
    log(`a ${walkthrough.units.length}-unit facility (${walkthrough.unit_count} to check) on a 390×844 phone:`)
    if (ONLY !== 'offline') await tapAndMapFigures(log, context, page, url, browser)
    else {
      // Offline needs the service worker in control of the page, as the map's reloads leave it.
      await page.evaluate(() => navigator.serviceWorker.ready)
      await page.reload()
      await heading(page).waitFor()
    }
    await api('POST', `/api/walkthroughs/${walkthrough.id}/finish`, {})
    log(`  ${await offlineSync(context, page, api, field, code, photo)}`)
    await context.close()
  } finally {
    await browser.close()
    await close()
    await database.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/** An HTTP client of the server process signed in as `username`; 503 is asked again (RETRIES) and said. */
async function serverApi(base: string, log: Log, username: string) {
  const send = async (method: string, pathName: string, body: unknown, bearer?: string) => {
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(`${base}${pathName}`, {
        method,
        headers: {
          host: 'snapshot.localhost',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      if (response.status !== 503 || attempt >= RETRIES) return response
      await response.body?.cancel()
      log(`  (${method} ${pathName} answered 503, asking again in ${RETRY_PAUSE_MS / 1000} s; ${loadAverage()})`)
      await sleep(RETRY_PAUSE_MS)
    }
  }
  const signedIn = await send('POST', '/api/ssm', {
    service_name: 'ValidateSSMLogin',
    xml_body: { LoginKeyed: username, passwordKeyed: 'snapshot-demo' },
  })
  if (!signedIn.ok) throw new Error(`sign-in answered ${signedIn.status}: ${await signedIn.text()}`)
  const { token } = (await signedIn.json()) as { token: string }
  /** The answer's JSON and its time in ms (retries included); throws on an answer other than 2xx. */
  const timed = async <T>(method: string, pathName: string, body?: unknown) => {
    const started = performance.now()
    const response = await send(method, pathName, body, token)
    const text = await response.text()
    const ms = performance.now() - started
    if (!response.ok) throw new Error(`${method} ${pathName}: ${response.status} ${text.slice(0, 500)}`)
    return { body: JSON.parse(text) as T, ms }
  }
  return { token, timed }
}

/** The database's name in `url`, refused when it is a shared seed. */
function refuseSharedSeed(url: string) {
  const name = new URL(url).pathname.slice(1)
  if (SHARED_SEEDS.has(name))
    throw new Error(
      `${name} is a shared seed and this bench writes: copy it (createdb -h 127.0.0.1 -p 54327 -U postgres -T ${name} walkbench${name.slice(5)}) and name the copy in BENCH_DATABASE_URL`,
    )
}

/** The facility with the most units of the map (the walkthrough's size), and that count. */
async function biggestFacility(url: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ location_code: string; units: number }>(
      `select location_code, count(*)::int as units from location_units where not system
       group by location_code order by units desc, location_code limit 1`,
    )
    return rows[0]!
  } finally {
    await client.end()
  }
}

const ms = (value: number) => `${value.toFixed(0)} ms`

type Timed = <T>(method: string, pathName: string, body?: unknown) => Promise<{ body: T; ms: number }>

/** On a 390×844 phone against a scale's server: the Lock checks due page, then the walk screen of `code`. */
async function phoneScreens(
  browser: Browser,
  server: ServerProcess,
  scale: number,
  code: string,
  timed: Timed,
  log: Log,
) {
  const field = `http://snapshot.localhost:${server.port}`
  const context = await browser.newContext(PHONE)
  try {
    const page = await context.newPage()
    page.setDefaultTimeout(PHONE_TIMEOUT_MS)
    await signIn(page, field)
    let started = performance.now()
    await page.goto(`${field}/snapshot/lock-checks`)
    await page.locator('ul[aria-label="Facilities due a lock check"] > li').first().waitFor()
    const cards = await page.locator('ul[aria-label="Facilities due a lock check"] > li').count()
    const elements = await page.evaluate(() => document.getElementsByTagName('*').length)
    log(
      `scale ${scale}: Lock checks due on a 390×844 phone: first cards ${ms(performance.now() - started)} after navigation, ${cards} cards, ${elements} elements; ${loadAverage()}`,
    )
    const walkthrough = await startFresh(timed, code)
    started = performance.now()
    await page.goto(`${field}/snapshot/${code}/walkthroughs/${walkthrough.body.id}`)
    await heading(page).waitFor()
    log(
      `scale ${scale}: walk screen of ${code} (${walkthrough.body.units.length} units) on the phone: first unit on screen ${ms(performance.now() - started)} after navigation; ${loadAverage()}`,
    )
    log(describeTaps(`scale ${scale}:   recording a door, the next unit on screen`, await tapDoors(page, 10)))
    await timed('POST', `/api/walkthroughs/${walkthrough.body.id}/finish`, {})
  } finally {
    await context.close()
  }
}

/** A new walkthrough of `code`: one left open (a run that stopped half-way) is finished first. */
async function startFresh(timed: Timed, code: string): Promise<{ body: Walkthrough; ms: number }> {
  const open = await timed<WalkthroughList>('GET', `/api/walkthroughs?location_code=${code}&limit=1`)
  if (open.body.open_walkthrough_id !== null)
    await timed('POST', `/api/walkthroughs/${open.body.open_walkthrough_id}/finish`, {})
  return timed<Walkthrough>('POST', '/api/walkthroughs', { location_code: code })
}

/** Every door of `walkthrough` to check, as expected but one in 40 open. */
function doorsOf(walkthrough: Walkthrough, tag: string) {
  return walkthrough.units
    .filter((unit) => unit.expected !== 'skip')
    .map((unit, at) => ({
      client_id: `${tag}-${at}`,
      unit_no: unit.unit_no,
      observed: at % 40 === 0 ? 'no_lock' : unit.expected,
    }))
}

async function apiFigures(scale: number, log: Log, browser: Browser | null) {
  const database = await seededDatabase(scale, SCALES)
  const results = new Map<string, AutocannonResult>()
  try {
    refuseSharedSeed(database.url)
    log(
      `scale ${scale}: ${database.seeded.facilities} facilities, ${database.seeded.units} units, ${database.seeded.tasks} tasks (${database.origin})`,
    )
    const server = await startServerProcess({
      databaseUrl: database.url,
      filesDir: database.filesDir,
      webDist: browser ? webDist() : undefined,
    })
    try {
      const { token, timed } = await serverApi(server.base, log, 'pmanager')
      const facility = await biggestFacility(database.url)
      const code = facility.location_code
      const run = `bench-${Date.now()}`
      const start = await startFresh(timed, code)
      const walkthrough = start.body
      log(
        `scale ${scale}: start a walkthrough of ${code}, the facility with the most units (${facility.units}; ${walkthrough.unit_count} to check): ${ms(start.ms)}; ${loadAverage()}`,
      )
      const read = await timed<Walkthrough>('GET', `/api/walkthroughs/${walkthrough.id}`)
      log(`scale ${scale}:   GET the walkthrough (all ${read.body.units.length} units): ${ms(read.ms)}`)
      const doors = doorsOf(walkthrough, run)
      const oneByOne: number[] = []
      for (const door of doors.slice(0, ONE_BY_ONE))
        oneByOne.push(
          (await timed('POST', `/api/walkthroughs/${walkthrough.id}/observations`, { observations: [door] })).ms,
        )
      const one = percentiles(oneByOne)
      log(
        `scale ${scale}:   record one door (the next unit is the phone's own): ${oneByOne.length} in a row, p50 ${ms(one.p50)}, p95 ${ms(one.p95)}, max ${ms(one.max)}; ${loadAverage()}`,
      )
      const rest = doors.slice(ONE_BY_ONE)
      let synced = 0
      let batches = 0
      for (let at = 0; at < rest.length; at += OBSERVATIONS_PER_REQUEST_MAX) {
        const batch = rest.slice(at, at + OBSERVATIONS_PER_REQUEST_MAX)
        synced += (await timed('POST', `/api/walkthroughs/${walkthrough.id}/observations`, { observations: batch })).ms
        batches++
      }
      log(
        `scale ${scale}:   offline sync of the rest of the walk: ${rest.length} doors in ${batches} batches of at most ${OBSERVATIONS_PER_REQUEST_MAX}, ${ms(synced)} (${ms(synced / Math.max(batches, 1))} a batch); ${loadAverage()}`,
      )
      const finished = await timed<Walkthrough>('POST', `/api/walkthroughs/${walkthrough.id}/finish`, {})
      log(
        `scale ${scale}:   finish (${finished.body.full ? 'full' : 'partial'}; one door in 40 open, each a "Unit not secured" task): ${ms(finished.ms)}; ${loadAverage()}`,
      )
      const archiveStarted = performance.now()
      for (let index = 1; index < ARCHIVE; index++) {
        const next = (await startFresh(timed, code)).body
        await timed('POST', `/api/walkthroughs/${next.id}/observations`, {
          observations: doorsOf(next, `${run}-${index}`).slice(0, OBSERVATIONS_PER_REQUEST_MAX),
        })
        await timed('POST', `/api/walkthroughs/${next.id}/finish`, {})
      }
      log(
        `scale ${scale}:   ${ARCHIVE - 1} more walkthroughs of ${code} for its archive (start, up to 500 doors, finish): ${((performance.now() - archiveStarted) / 1000).toFixed(1)} s`,
      )
      const due = await timed<LockChecksDue>('GET', '/api/walkthroughs/due')
      log(`scale ${scale}:   lock checks due: ${due.body.count} facilities, first page ${ms(due.ms)}`)
      const reads: Array<[string, string]> = [
        ['GET /api/walkthroughs/{id} (all units)', `/api/walkthroughs/${walkthrough.id}`],
        ['GET /api/walkthroughs?location_code (archive, first page)', `/api/walkthroughs?location_code=${code}`],
        ['GET /api/walkthroughs/due (first page)', '/api/walkthroughs/due'],
        [
          'GET /api/walkthroughs/due (oldest check first, page 3)',
          '/api/walkthroughs/due?sort=last_full_walkthrough_at&order=asc&limit=25&offset=50',
        ],
      ]
      for (const [name, pathName] of reads) {
        const result = await measure(
          `${server.base}${pathName}`,
          SECONDS,
          token,
          { host: 'snapshot.localhost' },
          CONNECTIONS,
        )
        results.set(name, result)
        log(`scale ${scale}: ${describeLoad(name, result)}; ${loadAverage()}`)
        await sleep(Math.min(result.latency.p99, 15_000))
      }
      if (browser) await phoneScreens(browser, server, scale, code, timed, log)
    } finally {
      await server.stop()
    }
  } finally {
    await database.close()
  }
  return results
}

/** Issue 31's figures, each given to `log` as it is measured; the same lines answered at the end. */
export async function runWalkthroughBench(log: Log = () => {}): Promise<string[]> {
  const lines: string[] = []
  const say = (line: string) => {
    lines.push(line)
    log(line)
  }
  say(`${loadSetup(SECONDS, CONNECTIONS)}; scales ${SCALES.join(', ')}; ${ONLY ? `${ONLY} only` : 'phone and API'}`)
  if (ONLY !== 'api') await phoneFigures(say)
  if (ONLY === 'phone' || ONLY === 'offline') return lines
  const browser =
    ONLY === 'api'
      ? null
      : await chromium.launch({
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: ['--headless', '--no-sandbox', '--disable-gpu'],
        })
  const byScale = new Map<number, Map<string, AutocannonResult>>()
  try {
    for (const scale of SCALES) byScale.set(scale, await apiFigures(scale, say, browser))
  } finally {
    await browser?.close()
  }
  const [smallest, largest] = [byScale.get(Math.min(...SCALES)), byScale.get(Math.max(...SCALES))]
  if (SCALES.length > 1 && smallest && largest)
    for (const [name, result] of largest) {
      const base = smallest.get(name)!
      const ratio = result.requests.average / Math.max(base.requests.average, 1)
      say(
        `${name}: scale ${Math.max(...SCALES)} ${ratio.toFixed(2)}× of scale ${Math.min(...SCALES)}'s req/s (goal ≥ 0.5×), p99 ${result.latency.p99} ms (goal ≤ 50 ms)`,
      )
    }
  say(`${loadAverage()} at the end`)
  return lines
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // So that 'exit' handlers stop the server process on Ctrl+C or a timeout.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130))
  await runWalkthroughBench((line) => console.log(line))
}
