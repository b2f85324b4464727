import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type BrowserContext, type CDPSession, type Locator, type Page } from '@playwright/test'
import { openDatabase } from '../../apps/server/src/db/client.ts'
import { loadEnv } from '../../apps/server/src/env.ts'
import { localFileStorage } from '../../apps/server/src/integrations/files/storage.ts'
import { seedDemoData } from '../../apps/server/src/seed/seed.ts'
import { runOfflineFigures } from './offline-bench.ts'
import { startBenchApp } from './seeded-server.ts'
import { webDist } from './web-dist.ts'

/**
 * Chromium DevTools' "Slow 4G" preset (front_end/core/sdk/NetworkManager.ts): ≈1.6 Mbps down, 750 kbps
 * up, 150 ms target round trip, applied per request as 150 × 3.75 ms.
 */
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
}

interface Load {
  ms: number
  bytes: number
  requests: number
  firstApiAt: number | null
}

/** Loads `url` until `ready` is visible: wall time, bytes over the wire, requests, start of the first API call. */
async function load(page: Page, cdp: CDPSession, url: string, ready: (page: Page) => Locator): Promise<Load> {
  let bytes = 0
  let requests = 0
  const onFinished = (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength
    requests++
  }
  cdp.on('Network.loadingFinished', onFinished)
  const started = performance.now()
  await page.goto(url, { waitUntil: 'commit' })
  await ready(page).waitFor({ state: 'visible', timeout: 60_000 })
  const ms = performance.now() - started
  cdp.off('Network.loadingFinished', onFinished)
  const firstApiAt = await page.evaluate(() => {
    const api = performance
      .getEntriesByType('resource')
      .find((entry) => new URL(entry.name).pathname.startsWith('/api/'))
    return api ? api.startTime : null
  })
  return { ms, bytes, requests, firstApiAt }
}

const describe = (name: string, result: Load) =>
  `${name}: ${(result.ms / 1000).toFixed(2)} s, ${(result.bytes / 1024).toFixed(0)} KiB in ${result.requests} requests${result.firstApiAt === null ? '' : `, first API call at ${(result.firstApiAt / 1000).toFixed(2)} s`}`

/**
 * Phone page loads on "Slow 4G" (issue 17), 390×844, against PGlite with the demo operator: field login cold, facility
 * detail and Task Overview cold and again; each from navigation to the page's content on screen; then the field tool
 * with its service worker (issue 19, offline-bench.ts).
 */
export async function runPageLoadBench(): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storageops-bench-pages-'))
  const env = loadEnv({ DATA_DIR: dataDir, DEMO_MODE: 'true', LOG_LEVEL: 'silent' })
  const database = await openDatabase({ dataDir: 'memory://' })
  const files = localFileStorage(path.join(dataDir, 'files'))
  await seedDemoData(database.db, { scale: 1, files })
  const { app, close } = await startBenchApp(database.db, env, { files, webDist: webDist() })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic'],
  })
  const lines = [
    `Chromium "Slow 4G" (${SLOW_4G.latency} ms per request, ${((SLOW_4G.downloadThroughput * 8) / 1e6).toFixed(2)} Mbps down), 390×844 phone, from navigation to the content on screen`,
  ]
  const phone = async (): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    return { context, page, cdp }
  }
  try {
    await app.listen({ host: '127.0.0.1', port: 0 })
    const field = `http://snapshot.localhost:${(app.server.address() as { port: number }).port}`
    const locations = (await app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode
    if (locations !== 200) throw new Error('app not ready')

    for (const run of [1, 2]) {
      const { context, page, cdp } = await phone()
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G)
      lines.push(
        describe(
          `field login, cold (run ${run})`,
          await load(page, cdp, `${field}/login`, (p) => p.getByRole('button', { name: 'Login' })),
        ),
      )
      await context.close()
    }

    const { context, page, cdp } = await phone()
    await page.goto(`${field}/login`)
    await page.getByLabel('Username').fill('csagent')
    await page.getByLabel('Password').fill('snapshot-demo')
    await page.getByRole('button', { name: 'Login' }).click()
    await page.getByPlaceholder('Search by Site Code or Address...').waitFor()
    const facility = page.getByRole('link').filter({ hasText: ' | ' }).first()
    await facility.waitFor()
    const slug = (await facility.getAttribute('href'))!.replace(/^\//, '')
    const name = (await facility.innerText()).split(' | ')[0]!.trim()
    const targets: Array<[string, string, (p: Page) => Locator]> = [
      [`facility detail (/${slug})`, `${field}/${slug}`, (p) => p.getByText('Gate Access').first()],
      [
        'Task Overview',
        `${field}/snapshot/tasks-overview`,
        (p) => p.getByRole('link', { name: new RegExp(name.replace(/[^\w ]/g, '.')) }).first(),
      ],
    ]
    for (const [label, url, ready] of targets) {
      await cdp.send('Network.emulateNetworkConditions', {
        ...SLOW_4G,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      })
      await page.goto(`${field}/`)
      await cdp.send('Network.clearBrowserCache')
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G)
      lines.push(describe(`${label}, cold`, await load(page, cdp, url, ready)))
      lines.push(describe(`${label}, repeat visit`, await load(page, cdp, url, ready)))
    }
    await context.close()
    lines.push(...(await runOfflineFigures(browser, field, SLOW_4G)))
  } finally {
    await browser.close()
    await close()
    await database.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  return lines
}

if (process.argv[1]?.endsWith('page-load-bench.ts')) {
  for (const line of await runPageLoadBench()) console.log(line)
}
