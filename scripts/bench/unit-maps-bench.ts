import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser, type Page } from '@playwright/test'
import { openDatabase } from '../../apps/server/src/db/client.ts'
import { loadEnv } from '../../apps/server/src/env.ts'
import { localFileStorage } from '../../apps/server/src/integrations/files/storage.ts'
import { seedDemoData } from '../../apps/server/src/seed/seed.ts'
import { parseFacilityMapCsv } from '../../apps/server/src/features/unit-maps/facility-map-csv.ts'
import { mainThreadWorkPerFrame, percentiles, type TraceEvent } from './frame-trace.ts'
import { startBenchApp } from './seeded-server.ts'
import { webDist } from './web-dist.ts'
import { PHONE } from './phone.ts'

/**
 * A 20,000-row CSV upload on PGlite (time, peak RSS and heap sampled every 5 ms) and a 5,000-unit floor in headless
 * Chromium (first draw, frame times over 4 s of scripted pan and zoom, twice; frame times of four pinches on a
 * phone), and a third and fourth pan (at zoom 0) under a Chromium trace for their main-thread CPU time per frame
 * (frame-trace.ts), which depends far less on the machine's load than frame times do. Needs a web build
 * (web-dist.ts). Frame times include the machine's load (printed beside them).
 */

const HEADER = 'unit_id,unit_no,floor_no,top_coordinate,left_coordinate,width,length,rotate,category_name,description'

/** `rows` units in rows of 100 on `floors` floors, 20×40 map units each, every 7th turned 90°. */
function facilityCsv(rows: number, floors = 1): string {
  const lines = [HEADER]
  const perFloor = Math.ceil(rows / floors)
  for (let index = 0; index < rows; index++) {
    const floor = Math.floor(index / perFloor) + 1
    const onFloor = index % perFloor
    const row = Math.floor(onFloor / 100)
    const slot = onFloor % 100
    lines.push(
      `${index + 1},U${floor}-${String(onFloor + 1).padStart(5, '0')},${floor},${80 + row * 60},${60 + slot * 24},20,40,${index % 7 === 0 ? 90 : 0},Drive Up,10x20 Drive Up`,
    )
  }
  return `${lines.join('\n')}\n`
}

async function upload(base: string, token: string, locationCode: string, csv: string) {
  const form = new FormData()
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv')
  const response = await fetch(`${base}/api/location_units/upload?location_code=${locationCode}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, host: 'admin.localhost' },
    body: form,
  })
  if (!response.ok) throw new Error(`upload failed: ${response.status} ${await response.text()}`)
}

/** The Chromium trace categories the frame analysis reads (frame-trace.ts); few, so tracing costs the page little. */
const TRACE_CATEGORIES = ['devtools.timeline', 'toplevel', 'blink.user_timing']

/**
 * With `tracing`, the pan runs under a Chromium trace and its main-thread work per frame is returned as well. With
 * `zoom`, the pan starts there instead of at the fitted zoom (where a 5,000-unit floor is smaller than the view).
 */
export async function measureMap(page: Page, url: string, expected: number, tracing?: Browser, zoom?: number) {
  await page.goto(url)
  // Page scripts are plain JavaScript strings: tsx would wrap named functions in a helper the page lacks.
  const { firstDraw, afterData } = await page.evaluate<{ firstDraw: number; afterData: number }>(`(async () => {
    const deadline = performance.now() + 60000
    for (;;) {
      const canvas = document.querySelector('.leaflet-overlay-pane canvas')
      const drawn = canvas ? Number(canvas.dataset.unitsDrawn || 0) : 0
      if (drawn >= ${expected}) break
      if (performance.now() > deadline) throw new Error('only ' + drawn + ' units drawn after 60 s')
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    await new Promise((resolve) => requestAnimationFrame(resolve))
    const now = performance.now()
    const data = performance.getEntriesByType('resource').find((entry) => entry.name.includes('/api/location_units?'))
    return { firstDraw: now, afterData: data ? now - data.responseEnd : NaN }
  })()`)
  if (zoom !== undefined) {
    await page.evaluate(`document.querySelector('.leaflet-container').leafletMap.setZoom(${zoom}, { animate: false })`)
    // The picture of that zoom comes from the worker within a few frames; a second is plenty.
    await page.waitForTimeout(1000)
  }
  if (tracing) await tracing.startTracing(page, { categories: TRACE_CATEGORIES })
  const frames = await page.evaluate<number[]>(`(async () => {
    const map = document.querySelector('.leaflet-container').leafletMap
    const start = map.getZoom()
    const times = []
    let last = performance.now()
    const end = last + 4000
    let frame = 0
    await new Promise((resolve) => {
      const step = () => {
        const now = performance.now()
        times.push(now - last)
        last = now
        frame++
        performance.mark('map-frame')
        if (frame % 20 === 0) map.setZoom(frame % 40 === 0 ? start : start + 1, { animate: false })
        else map.panBy([frame % 80 < 40 ? 25 : -25, frame % 160 < 80 ? 10 : -10], { animate: false })
        if (now < end) requestAnimationFrame(step)
        else resolve()
      }
      requestAnimationFrame(step)
    })
    return times.slice(1)
  })()`)
  const work = tracing
    ? mainThreadWorkPerFrame(
        (JSON.parse((await tracing.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents,
        'map-frame',
      )
    : null
  return { firstDraw, afterData, work, ...frameFigures(frames) }
}

function frameFigures(frames: number[]) {
  const sorted = [...frames].sort((a, b) => a - b)
  const mean = frames.reduce((sum, time) => sum + time, 0) / frames.length
  return { frames: frames.length, mean, p95: sorted[Math.floor(sorted.length * 0.95)]!, max: sorted.at(-1)! }
}

export const describeFrames = (result: ReturnType<typeof frameFigures>) =>
  `${result.frames} frames: mean ${result.mean.toFixed(1)} ms (${(1000 / result.mean).toFixed(0)} fps), p95 ${result.p95.toFixed(1)} ms, max ${result.max.toFixed(0)} ms`

/** The trace's figures: its CPU time depends on the machine's load far less than frame times (frame-trace.ts). */
export function describeWork(work: ReturnType<typeof mainThreadWorkPerFrame>) {
  const busy = percentiles(work.map((frame) => frame.busy))
  const cpu = percentiles(work.map((frame) => frame.cpu))
  const gc = work.reduce((sum, frame) => sum + frame.gc, 0)
  const over = work.filter((frame) => frame.busy > 8).length
  const cpuOver = work.filter((frame) => frame.cpu > 8).length
  return [
    `  main-thread CPU per frame in the trace: p50 ${cpu.p50.toFixed(1)} ms, p95 ${cpu.p95.toFixed(1)} ms, max ${cpu.max.toFixed(1)} ms; ${cpuOver} of ${work.length} frames over 8 ms`,
    `  main-thread work per frame (wall clock, with the waits for a core): p50 ${busy.p50.toFixed(1)} ms, p95 ${busy.p95.toFixed(1)} ms, max ${busy.max.toFixed(1)} ms; ${over} of ${work.length} frames over 8 ms; garbage collection ${gc.toFixed(0)} ms in all; load average ${os.loadavg()[0]!.toFixed(1)}`,
  ]
}

async function signInField(page: Page, field: string) {
  await page.goto(`${field}/login`)
  await page.getByLabel('Username').fill('csagent')
  await page.getByLabel('Password').fill('snapshot-demo')
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL((url) => url.pathname === '/')
}

/** Frame times while Chromium pinches the map in and out with two fingers (CDP synthesized touch gestures). */
async function measurePinch(page: Page, expected: number) {
  await page.waitForFunction(
    (count) => Number(document.querySelector<HTMLElement>('.leaflet-overlay-pane canvas')?.dataset.unitsDrawn) >= count,
    expected,
    { timeout: 60_000 },
  )
  const box = (await page.locator('.leaflet-container').boundingBox())!
  await page.evaluate(`(() => {
    window.pinchFrames = []
    let last = performance.now()
    const step = (now) => {
      window.pinchFrames.push(now - last)
      last = now
      if (!window.pinchDone) requestAnimationFrame(step)
    }
    requestAnimationFrame(step)
  })()`)
  const cdp = await page.context().newCDPSession(page)
  for (const scaleFactor of [2.5, 0.5, 3, 0.4]) {
    await cdp.send('Input.synthesizePinchGesture', {
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
      scaleFactor,
      relativeSpeed: 400,
      gestureSourceType: 'touch',
    })
  }
  await cdp.detach()
  const frames = await page.evaluate<number[]>(`(async () => {
    await new Promise((resolve) => setTimeout(resolve, 500))
    window.pinchDone = true
    return window.pinchFrames.slice(1)
  })()`)
  return frameFigures(frames)
}

export async function runUnitMapsBench(): Promise<string[]> {
  const lines: string[] = []
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storageops-bench-maps-'))
  const env = loadEnv({
    DATA_DIR: dataDir,
    DEMO_MODE: 'true',
    LOG_LEVEL: 'silent',
    UNIT_MAP_CSV_MAX_BYTES: String(20 * 1024 * 1024),
  })
  const database = await openDatabase({ dataDir: 'memory://' })
  await seedDemoData(database.db, { scale: 0.1, files: localFileStorage(path.join(dataDir, 'files')) })
  const { app, close } = await startBenchApp(database.db, env, { webDist: webDist() })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  })
  try {
    await app.listen({ host: '127.0.0.1', port: 0 })
    const port = (app.server.address() as { port: number }).port
    const base = `http://127.0.0.1:${port}`
    const signIn = await fetch(`${base}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: 'admin.localhost' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'admin-demo' }),
    })
    const { token } = (await signIn.json()) as { token: string }

    const big = facilityCsv(20_000, 4)
    global.gc?.()
    const before = process.memoryUsage()
    let peakRss = before.rss
    let peakHeap = before.heapUsed
    const sampler = setInterval(() => {
      const now = process.memoryUsage()
      peakRss = Math.max(peakRss, now.rss)
      peakHeap = Math.max(peakHeap, now.heapUsed)
    }, 5)
    const started = performance.now()
    await upload(base, token, 'TX101', big)
    const took = performance.now() - started
    clearInterval(sampler)
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0)
    const parseStarted = performance.now()
    parseFacilityMapCsv(Buffer.from(big))
    const parseTook = performance.now() - parseStarted
    lines.push(
      `upload of a 20,000-row CSV (${(big.length / 1024 / 1024).toFixed(1)} MB, 4 floors) on PGlite: ${(took / 1000).toFixed(2)} s; peak RSS +${mb(peakRss - before.rss)} MB, peak heap +${mb(peakHeap - before.heapUsed)} MB over the server's level before it; parsing and validating alone ${parseTook.toFixed(0)} ms`,
    )

    await upload(base, token, 'TX100', facilityCsv(5000, 1))
    const locations = (await (
      await fetch(`${base}/api/locations?location_code=TX100`, {
        headers: { authorization: `Bearer ${token}`, host: 'admin.localhost' },
      })
    ).json()) as { slug: string }[]
    const slug = locations[0]!.slug
    const field = `http://snapshot.localhost:${port}`
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await signInField(page, field)
    const idle = await page.evaluate<number[]>(`(async () => {
      const times = []
      let last = performance.now()
      await new Promise((resolve) => {
        const step = (now) => {
          times.push(now - last)
          last = now
          if (times.length < 120) requestAnimationFrame(step)
          else resolve()
        }
        requestAnimationFrame(step)
      })
      return times.slice(1).sort((a, b) => a - b)
    })()`)
    lines.push(
      `frame pacing of an idle page on this machine (the floor of the figures below): p50 ${idle[Math.floor(idle.length / 2)]!.toFixed(1)} ms, p95 ${idle[Math.floor(idle.length * 0.95)]!.toFixed(1)} ms`,
    )
    // Runs 1–3 pan the fitted floor; run 4 pans at zoom 0, where the floor is larger than the view and the pan
    // needs new pictures of it (each one's hand-over to the compositor is a copy in software compositing).
    for (const run of [1, 2, 3, 4]) {
      const result = await measureMap(
        page,
        `${field}/${slug}/map`,
        5000,
        run >= 3 ? browser : undefined,
        run === 4 ? 0 : undefined,
      )
      lines.push(
        `5,000-unit floor, run ${run}${result.work ? ' (traced)' : ''}${run === 4 ? ' at zoom 0' : ''}: first draw ${result.afterData.toFixed(0)} ms after the units arrived (${result.firstDraw.toFixed(0)} ms after navigation); pan with a zoom step every 20th frame, ${describeFrames(result)}; load average ${os.loadavg()[0]!.toFixed(1)}`,
      )
      if (result.work) lines.push(...describeWork(result.work))
    }
    await context.close()
    const phone = await browser.newContext(PHONE)
    const phonePage = await phone.newPage()
    await signInField(phonePage, field)
    await phonePage.goto(`${field}/${slug}/map`)
    lines.push(
      `5,000-unit floor on a 390×844 phone, four pinches in and out: ${describeFrames(await measurePinch(phonePage, 5000))}; load average ${os.loadavg()[0]!.toFixed(1)}`,
    )
    await phone.close()
  } finally {
    await browser.close()
    await close()
    await database.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  return lines
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await runUnitMapsBench()) console.log(line)
}
