import os from 'node:os'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import Fastify from 'fastify'
import { chromium, type Browser, type BrowserContextOptions, type Page } from '@playwright/test'
import { describe, loadSetup, measure, measureWithWrk, type AutocannonResult } from './http-load.ts'
import { load, SLOW_4G } from './page-load-bench.ts'
import { warmUp } from './read-targets-bench.ts'
import {
  formatBytes,
  GOALS,
  metricSample,
  readsTable,
  screensTable,
  type InputFigures,
  type ReadOutcome,
  type ScreenFigures,
} from './scale-report.ts'
import { CACHED_LIST_URL, LIST_READS, LIST_SCREENS, ROWS, type ListScreen, type ScreenInput } from './scale-targets.ts'
import { seededDatabase } from './seed-cache.ts'
import { startServerProcess, type ServerProcess } from './server-process.ts'
import { webDist } from './web-dist.ts'

const SCALES = (process.env.BENCH_SCALES ?? '1,27').split(',').map(Number)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
/** Issue 30's load: 10 connections. */
const CONNECTIONS = 10
/** SCALE_BENCH_ONLY=api or =screens runs one half. */
const ONLY = process.env.SCALE_BENCH_ONLY
/** SCALE_BENCH_MATCH=<regular expression>: only the reads and screens whose name it finds (e.g. 'admin|bulk'). */
const MATCH = process.env.SCALE_BENCH_MATCH ? new RegExp(process.env.SCALE_BENCH_MATCH, 'i') : undefined
const chosen = <T extends { name: string }>(list: readonly T[]) =>
  list.filter((item) => !MATCH || MATCH.test(item.name))
const READS = chosen(LIST_READS)
const SCREENS = chosen(LIST_SCREENS)
/** BENCH_CLIENT=wrk loads with wrk instead of autocannon (http-load.ts: autocannon's cost grows with the bytes). */
const CLIENT = process.env.BENCH_CLIENT === 'wrk' ? 'wrk' : 'autocannon'
const PHONE_TIMEOUT_MS = 60_000
const ROWS_TIMEOUT_MS = 15_000

const loadAverage = () => `load average ${os.loadavg()[0]!.toFixed(1)}`
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`
const load10 = (url: string, seconds: number, token?: string, headers: Record<string, string> = {}) =>
  CLIENT === 'wrk'
    ? measureWithWrk(url, seconds, token, headers, CONNECTIONS)
    : measure(url, seconds, token, headers, CONNECTIONS)

async function signIn(base: string): Promise<{ field: string; admin: string }> {
  const post = async (path: string, host: string, body: object) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', host },
      body: JSON.stringify(body),
    })
    if (!response.ok) throw new Error(`sign-in at ${path} answered ${response.status}: ${await response.text()}`)
    return ((await response.json()) as { token: string }).token
  }
  return {
    field: await post('/api/ssm', 'snapshot.localhost', {
      service_name: 'ValidateSSMLogin',
      xml_body: { LoginKeyed: 'rmanager', passwordKeyed: 'snapshot-demo' },
    }),
    admin: await post('/api/auth', 'admin.localhost', { email: 'admin@example.com', password: 'admin-demo' }),
  }
}

/** A bare Fastify hello-world in this process: the baseline of the 304's figure. */
async function helloWorld() {
  const hello = Fastify({ logger: false })
  hello.get('/hello', async () => ({ hello: 'world' }))
  await hello.listen({ host: '127.0.0.1', port: 0 })
  return {
    url: `http://127.0.0.1:${(hello.server.address() as { port: number }).port}/hello`,
    close: () => hello.close(),
  }
}

const figuresOf = (result: AutocannonResult, jsonBytes: number): ReadOutcome => ({
  rps: result.requests.average,
  p99: result.latency.p99,
  bytesPerAnswer: result.throughput.total / Math.max(result.requests.total, 1),
  jsonBytes,
  failed: result.non2xx + result.errors + result.timeouts,
})

/** Time of brotli's best quality over `text` here (the read cache compresses an answer so after each change). */
async function brotliBestMs(text: string): Promise<number> {
  const bytes = Buffer.from(text)
  const started = performance.now()
  await promisify(zlib.brotliCompress)(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  })
  return performance.now() - started
}

/** Fewer answers than this in a run say too little of p99: the run is made longer, once. */
const MIN_ANSWERS = 20

/**
 * `url` under load for SECONDS, or four times as long when that gave fewer than MIN_ANSWERS; then a pause of the p99
 * (at most 15 s) so the answers still being computed when the client stopped do not load the next measurement.
 */
async function measureAtLeast(url: string, token: string, headers: Record<string, string> = {}) {
  let result = await load10(url, SECONDS, token, headers)
  if (result.requests.total < MIN_ANSWERS) {
    await new Promise((resolve) => setTimeout(resolve, 15_000))
    result = await load10(url, SECONDS * 4, token, headers)
  }
  await new Promise((resolve) => setTimeout(resolve, Math.min(result.latency.p99, 15_000)))
  return result
}

/** Every list API of LIST_READS at one scale, then the facility list's 304. */
async function measureReads(server: ServerProcess, log: (line: string) => void) {
  const tokens = await signIn(server.base)
  const outcomes = new Map<string, ReadOutcome>()
  const hello = await helloWorld()
  try {
    const helloResult = await load10(hello.url, SECONDS)
    log(`  ${describe('bare Fastify hello-world', helloResult)} (${loadAverage()})`)
    const peakRss = server.sampleRss()
    for (const read of READS) {
      const url = `${server.base}${read.url}`
      const token = tokens[read.as]
      const askedAt = performance.now()
      const first = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } })
      const body = await first.text()
      const firstMs = performance.now() - askedAt
      if (!first.ok) {
        outcomes.set(read.name, { skipped: `answers ${first.status}` })
        log(`  ${read.name} (GET ${read.url}): answers ${first.status}, not measured`)
        continue
      }
      if (read.paged) {
        const answer = JSON.parse(body) as { rows?: unknown; count?: unknown }
        if (!Array.isArray(answer.rows) || typeof answer.count !== 'number') {
          outcomes.set(read.name, { skipped: 'not paged yet' })
          log(`  ${read.name} (GET ${read.url}): not paged yet (answers the whole list), not measured`)
          continue
        }
      }
      // Cached reads are warmed until the read cache sends brotli's best (decision 010); every read twice more.
      if (first.headers.get('etag')) await warmUp(url, token)
      for (let round = 0; round < 2; round++)
        await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' } })
      const result = await measureAtLeast(url, token)
      const outcome = figuresOf(result, Buffer.byteLength(body))
      outcomes.set(read.name, outcome)
      // What a change costs a read the cache keeps whole: its first answer, and brotli's best over its bytes.
      const bestMs = first.headers.get('etag') ? await brotliBestMs(body) : null
      log(
        `  ${describe(`${read.name} (GET ${read.url})`, result)}, answer ${formatBytes(Buffer.byteLength(body))} JSON, ${'bytesPerAnswer' in outcome ? formatBytes(outcome.bytesPerAnswer) : ''} sent; first answer ${Math.round(firstMs)} ms${bestMs === null ? '' : `, brotli 11 of it ${Math.round(bestMs)} ms`}; server RSS ${mib(server.rss())} (${loadAverage()})`,
      )
    }
    const etag = (
      await fetch(`${server.base}${CACHED_LIST_URL}`, { headers: { authorization: `Bearer ${tokens.field}` } })
    ).headers.get('etag')
    let notModified: string
    if (!etag) notModified = `GET ${CACHED_LIST_URL} again: no ETag, so a phone that has the list downloads it again`
    else {
      const result = await measureAtLeast(`${server.base}${CACHED_LIST_URL}`, tokens.field, { 'if-none-match': etag })
      const ratio = result.requests.average / Math.max(helloResult.requests.average, 1)
      // wrk does not count 304s apart: there, an answer other than 2xx or 3xx is a failure.
      const notModifiedCount = CLIENT === 'wrk' ? result.requests.total - result.non2xx : result['3xx']
      const met = ratio >= GOALS.notModifiedRatio && notModifiedCount === result.requests.total
      notModified = `GET ${CACHED_LIST_URL} with If-None-Match: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${Math.round(result.requests.average)} req/s, ${ratio.toFixed(3)}× hello-world's req/s, 304 on ${notModifiedCount} of ${result.requests.total}; goal ≥ ${GOALS.notModifiedRatio}×: ${met ? 'met' : 'not met'}`
    }
    log(`  ${notModified} (${loadAverage()})`)
    // The server's own figures (GET /metrics, from this machine), where it has them.
    const metrics = await fetch(`${server.base}/metrics`)
    if (metrics.ok) {
      const text = await metrics.text()
      const entries = metricSample(text, 'storageops_read_cache', 'figure="entries"')
      const bytes = metricSample(text, 'storageops_read_cache', 'figure="bytes"')
      log(`  read cache after the reads: ${entries} answers, ${formatBytes(bytes ?? 0)} (GET /metrics)`)
    }
    return { outcomes, notModified, peakRss: peakRss() }
  } finally {
    await hello.close()
  }
}

/** Runs in every page from its first script: Event Timing entries of 16 ms or more, and when each input began. */
function recordInputs() {
  const page = window as unknown as {
    benchEvents: Array<{ name: string; start: number; duration: number }>
    benchInputs: number[]
  }
  page.benchEvents = []
  page.benchInputs = []
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      page.benchEvents.push({ name: entry.name, start: entry.startTime, duration: entry.duration })
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit)
  for (const type of ['pointerdown', 'keydown'])
    addEventListener(type, (event) => page.benchInputs.push(event.timeStamp), { capture: true })
}

const inputLabel = (input: ScreenInput) =>
  input.kind === 'sort' ? `sort by ${input.column}` : input.kind === 'filter' ? `filter “${input.text}”` : 'next page'

/**
 * One input on the page: Event Timing's longest event duration from it (input to the next paint) and the time from
 * the input to the first frame whose rows (count or first row's text) differ.
 */
async function tryInput(page: Page, input: ScreenInput): Promise<InputFigures> {
  const label = inputLabel(input)
  const control =
    input.kind === 'sort'
      ? page.getByRole('columnheader', { name: input.column, exact: true }).first()
      : input.kind === 'filter'
        ? page
            .getByRole('searchbox')
            .or(page.getByRole('textbox', { name: /search/i }))
            .first()
        : page.getByRole('button', { name: 'Next page' }).first()
  if (!(await control.isVisible())) return { input: label, nextPaintMs: null, rowsMs: null, note: 'no such control' }
  if (input.kind === 'sort' && (await control.getAttribute('aria-sort')) === null)
    return { input: label, nextPaintMs: null, rowsMs: null, note: 'not sortable' }
  if (input.kind === 'page' && !(await control.isEnabled()))
    return { input: label, nextPaintMs: null, rowsMs: null, note: 'one page only' }
  const since = await page.evaluate(() => performance.now())
  const changed = page
    .evaluate(
      ({ rows, timeout }) =>
        new Promise<number | null>((resolve) => {
          const signature = () => {
            const found = document.querySelectorAll(rows)
            return `${found.length}|${found[0]?.textContent ?? ''}`
          }
          const before = signature()
          const started = performance.now()
          const check = () => {
            if (signature() !== before) resolve(performance.now())
            else if (performance.now() - started > timeout) resolve(null)
            else requestAnimationFrame(check)
          }
          requestAnimationFrame(check)
        }),
      { rows: ROWS, timeout: ROWS_TIMEOUT_MS },
    )
    .catch(() => null)
  if (input.kind === 'filter') await control.pressSequentially(input.text, { delay: 50 })
  else await control.click()
  const changedAt = await changed
  // Event Timing reports an event after the frame it led to.
  await page.waitForTimeout(300)
  const { events, inputs } = await page.evaluate((from) => {
    const recorded = window as unknown as {
      benchEvents: Array<{ start: number; duration: number }>
      benchInputs: number[]
    }
    return {
      events: recorded.benchEvents.filter((event) => event.start >= from),
      inputs: recorded.benchInputs.filter((at) => at >= from),
    }
  }, since)
  const inputAt = inputs[0] ?? since
  return {
    input: label,
    nextPaintMs: events.length > 0 ? Math.max(...events.map((event) => event.duration)) : null,
    rowsMs: changedAt === null ? null : changedAt - inputAt,
  }
}

/** The field tool's regional manager and the admin console's superadmin, signed in: their browser storage. */
export async function storageStates(browser: Browser, field: string, admin: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  page.setDefaultTimeout(PHONE_TIMEOUT_MS)
  await page.goto(`${field}/login`)
  await page.getByLabel('Username').fill('rmanager')
  await page.getByLabel('Password').fill('snapshot-demo')
  await page.getByRole('button', { name: 'Login' }).click()
  await page.getByPlaceholder('Search by Site Code or Address...').waitFor()
  await page.locator(ROWS).first().waitFor()
  await page.goto(`${admin}/login`)
  await page.getByLabel('Email').fill('admin@example.com')
  await page.getByLabel('Password').fill('admin-demo')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.getByRole('heading', { name: /Internal website for/ }).waitFor()
  const state = await context.storageState()
  await context.close()
  return state
}

/**
 * A list screen: first usable rows on a 1280×900 desktop without throttling, the rows and elements in its page and
 * its inputs there; then cold on a 390×844 phone on Slow 4G. Both start from the signed-in user's storage with no
 * HTTP cache or service worker.
 */
async function measureScreen(
  browser: Browser,
  origin: string,
  screen: ListScreen,
  storageState: BrowserContextOptions['storageState'],
): Promise<ScreenFigures> {
  const ready = screen.ready ?? { selector: ROWS, text: '' }
  const desktop = await browser.newContext({ storageState, viewport: { width: 1280, height: 900 } })
  try {
    const page = await desktop.newPage()
    // tsx (esbuild's keepNames) wraps functions declared inside evaluated functions in __name().
    await page.addInitScript('self.__name = (target) => target')
    await page.addInitScript(recordInputs)
    const cdp = await desktop.newCDPSession(page)
    await cdp.send('Network.enable')
    const shown = await load(page, cdp, `${origin}${screen.path}`, ready, PHONE_TIMEOUT_MS).catch(() => null)
    if (!shown) return { desktopMs: null, phoneMs: null, rows: 0, elements: 0, inputs: [], note: 'no rows within 60 s' }
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {})
    const { rows, elements } = await page.evaluate(
      (selector) => ({
        rows: document.querySelectorAll(selector).length,
        elements: document.getElementsByTagName('*').length,
      }),
      ROWS,
    )
    const inputs: InputFigures[] = []
    for (const input of screen.inputs)
      inputs.push(
        await tryInput(page, input).catch((error: unknown) => ({
          input: inputLabel(input),
          nextPaintMs: null,
          rowsMs: null,
          note: `failed: ${String(error).split('\n')[0]}`,
          failed: true,
        })),
      )
    const phone = await browser.newContext({
      storageState,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    })
    try {
      const phonePage = await phone.newPage()
      const phoneCdp = await phone.newCDPSession(phonePage)
      await phoneCdp.send('Network.enable')
      await phoneCdp.send('Network.emulateNetworkConditions', SLOW_4G)
      const cold = await load(phonePage, phoneCdp, `${origin}${screen.path}`, ready, PHONE_TIMEOUT_MS).catch(() => null)
      return { desktopMs: shown.ms, phoneMs: cold?.ms ?? null, rows, elements, inputs }
    } finally {
      await phone.close()
    }
  } finally {
    await desktop.close()
  }
}

async function measureScreens(server: ServerProcess, log: (line: string) => void) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic'],
  })
  const figures = new Map<string, ScreenFigures | string>()
  const peakRss = server.sampleRss()
  try {
    const origins = {
      field: `http://snapshot.localhost:${server.port}`,
      admin: `http://admin.localhost:${server.port}`,
    }
    const state = await storageStates(browser, origins.field, origins.admin)
    for (const screen of SCREENS) {
      const measured = await measureScreen(browser, origins[screen.app], screen, state).catch(
        (error: unknown) => `failed: ${String(error).split('\n')[0]}`,
      )
      figures.set(screen.path, measured)
      if (typeof measured === 'string') log(`  ${screen.name} (${screen.path}): ${measured}`)
      else
        log(
          `  ${screen.name} (${screen.path}): desktop ${measured.desktopMs === null ? '—' : `${(measured.desktopMs / 1000).toFixed(2)} s`}, phone Slow 4G cold ${measured.phoneMs === null ? `> ${PHONE_TIMEOUT_MS / 1000} s` : `${(measured.phoneMs / 1000).toFixed(2)} s`}; ${measured.rows} rows, ${measured.elements} elements; ${measured.inputs.map((input) => (input.note ? `${input.input}: ${input.note}` : `${input.input}: next paint ${input.nextPaintMs ?? '< 16'} ms, rows ${input.rowsMs === null ? 'unchanged' : `${Math.round(input.rowsMs)} ms`}`)).join('; ')} (${loadAverage()})`,
        )
    }
  } finally {
    await browser.close()
  }
  return { figures, peakRss: peakRss() }
}

/**
 * Issue 30: every list API and list screen at each scale of BENCH_SCALES (1 and 27 unless set) on real PostgreSQL,
 * from one seed per scale reused across runs (seed-cache.ts), the server in a process of its own; then the APIs and
 * screens side by side with issue 30's goals. `log` gets each figure as it is measured.
 */
export async function runScaleBench(log: (line: string) => void = () => {}): Promise<string[]> {
  const lines: string[] = []
  const say = (line: string) => {
    lines.push(line)
    log(line)
  }
  say(
    `${loadSetup(SECONDS, CONNECTIONS)}${CLIENT === 'wrk' ? ' (wrk instead of autocannon)' : ''}; screens in Chromium (${ONLY ?? 'api and screens'}${MATCH ? `; names matching ${MATCH}` : ''})`,
  )
  const reads = new Map<number, Map<string, ReadOutcome>>()
  const screens = new Map<number, Map<string, ScreenFigures | string>>()
  const memory: string[] = []
  const dist = ONLY === 'api' ? undefined : webDist()
  for (const scale of SCALES) {
    const database = await seededDatabase(scale, SCALES)
    try {
      say(
        `scale ${scale}: ${database.seeded.facilities} facilities, ${database.seeded.units} units, ${database.seeded.tasks} tasks (${database.origin})`,
      )
      const server = await startServerProcess({ databaseUrl: database.url, filesDir: database.filesDir, webDist: dist })
      try {
        const idle = server.rss()
        let rss = `scale ${scale}: server RSS ${mib(idle)} after start`
        if (ONLY !== 'screens') {
          const measured = await measureReads(server, say)
          reads.set(scale, measured.outcomes)
          rss += `, ${mib(measured.peakRss)} at most under the APIs' load`
        }
        if (ONLY !== 'api') {
          const measured = await measureScreens(server, say)
          screens.set(scale, measured.figures)
          rss += `, ${mib(measured.peakRss)} at most during the screens`
        }
        memory.push(rss)
        say(`  ${rss}`)
      } finally {
        await server.stop()
      }
    } finally {
      await database.close()
    }
  }
  lines.push('', `${loadAverage()} at the end`)
  if (ONLY !== 'screens')
    lines.push(
      '',
      ...readsTable(
        READS.map((read) => ({
          name: read.name,
          url: read.url,
          byScale: new Map(
            SCALES.map((scale) => [scale, reads.get(scale)?.get(read.name) ?? { skipped: 'not measured' }]),
          ),
        })),
        SCALES,
      ),
    )
  if (ONLY !== 'api')
    lines.push(
      '',
      ...screensTable(
        SCREENS.map((screen) => ({
          name: screen.name,
          path: screen.path,
          byScale: new Map(SCALES.map((scale) => [scale, screens.get(scale)?.get(screen.path) ?? 'not measured'])),
        })),
        SCALES,
      ),
    )
  lines.push('', ...memory)
  return lines
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // So that 'exit' handlers stop the server process on Ctrl+C or a timeout.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130))
  const lines = await runScaleBench((line) => console.log(line))
  const tables = lines.slice(lines.indexOf('') + 1)
  for (const line of tables) console.log(line)
}
