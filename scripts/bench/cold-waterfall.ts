import os from 'node:os'
import { chromium, type CDPSession } from '@playwright/test'
import { load, SLOW_4G } from './page-load-bench.ts'
import { PHONE } from './phone.ts'
import { storageStates } from './scale-bench.ts'
import { LIST_SCREENS, ROWS } from './scale-targets.ts'
import { seededDatabase } from './seed-cache.ts'
import { startServerProcess } from './server-process.ts'
import { webDist } from './web-dist.ts'

interface Request {
  url: string
  start: number
  end?: number
  bytes?: number
  initiator: string
}

/** Who started a request, as DevTools' "Initiator" column says it: the HTML, a preload, or the script that asked. */
function initiatorOf(initiator: {
  type: string
  url?: string
  stack?: { callFrames: Array<{ url: string }>; parent?: unknown }
}): string {
  const name = (url: string) => new URL(url).pathname.replace(/^\/assets\//, '')
  const frame = initiator.stack?.callFrames.find((call) => call.url)
  if (frame) return `${initiator.type} ${name(frame.url)}`
  return initiator.url ? `${initiator.type} ${name(initiator.url)}` : initiator.type
}

/** Every request of the page from the CDP session, with its start and end in ms from the navigation's request. */
function recordRequests(cdp: CDPSession) {
  const requests = new Map<string, Request>()
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.request.url.startsWith('data:')) return
    requests.set(event.requestId, {
      url: event.request.url,
      start: event.timestamp * 1000,
      initiator: initiatorOf(event.initiator),
    })
  })
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId)
    if (request) Object.assign(request, { end: event.timestamp * 1000, bytes: event.encodedDataLength })
  })
  return () => {
    const all = [...requests.values()].sort((a, b) => a.start - b.start)
    const zero = all[0]?.start ?? 0
    return all.map((request) => {
      const { pathname, search } = new URL(request.url)
      const ms = (at: number | undefined) => (at === undefined ? '    …' : (at - zero).toFixed(0).padStart(5))
      return `  ${ms(request.start)}–${ms(request.end)} ms ${((request.bytes ?? 0) / 1024).toFixed(1).padStart(6)} KiB  ${`${pathname}${search}`.padEnd(48)} ← ${request.initiator}`
    })
  }
}

/**
 * The request waterfall of a cold load (no HTTP cache, no service worker, the signed-in user's storage) on the
 * scale bench's 390×844 phone with "Slow 4G", for the screens COLD_WATERFALL_SCREENS names (a regular expression over
 * scale-targets.ts's names; Task Overview and admin Locations by default), on the seed of scale 1
 * (BENCH_DATABASE_URL as the scale bench takes it). COLD_WATERFALL_DESKTOP=1 measures without throttling at 1280×900.
 */
async function main() {
  const match = new RegExp(process.env.COLD_WATERFALL_SCREENS ?? '^(Task Overview|admin Locations)$', 'i')
  const desktop = process.env.COLD_WATERFALL_DESKTOP === '1'
  const database = await seededDatabase(1, [1])
  const server = await startServerProcess({
    databaseUrl: database.url,
    filesDir: database.filesDir,
    webDist: webDist(),
  })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic'],
  })
  try {
    const origins = {
      field: `http://snapshot.localhost:${server.port}`,
      admin: `http://admin.localhost:${server.port}`,
    }
    const storageState = await storageStates(browser, origins.field, origins.admin)
    for (const screen of LIST_SCREENS.filter((entry) => match.test(entry.name))) {
      const context = await browser.newContext({
        storageState,
        ...(desktop ? { viewport: { width: 1280, height: 900 } } : PHONE),
      })
      try {
        const page = await context.newPage()
        const cdp = await context.newCDPSession(page)
        await cdp.send('Network.enable')
        if (!desktop) await cdp.send('Network.emulateNetworkConditions', SLOW_4G)
        const requests = recordRequests(cdp)
        const shown = await load(
          page,
          cdp,
          `${origins[screen.app]}${screen.path}`,
          screen.ready ?? {
            selector: ROWS,
            text: '',
          },
        )
        await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {})
        console.log(
          `${screen.name} (${screen.path}), ${desktop ? 'desktop' : 'phone Slow 4G'} cold: first rows at ${(shown.ms / 1000).toFixed(2)} s, ${shown.requests} requests, ${(shown.bytes / 1024).toFixed(0)} KiB until then; load average ${os.loadavg()[0]!.toFixed(1)}`,
        )
        for (const line of requests()) console.log(line)
      } finally {
        await context.close()
      }
    }
  } finally {
    await browser.close()
    await server.stop()
    await database.close()
  }
}

await main()
