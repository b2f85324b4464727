import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test'
import type { TaskList, TaskType } from '@storageops/contracts/tasks'
import { noisyPhoto, PHONE } from './phone.ts'

/** Chromium's network conditions as Network.emulateNetworkConditions takes them. */
export interface NetworkConditions {
  offline: boolean
  latency: number
  downloadThroughput: number
  uploadThroughput: number
}

const OPEN: NetworkConditions = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 }
const facilityLink = (page: Page) => page.getByRole('link').filter({ hasText: ' | ' }).first()

const OFFLINE: NetworkConditions = { ...OPEN, offline: true }

/**
 * Network conditions for a page and the field tool's service worker, each through one DevTools session kept for the
 * whole run: a page's session does not reach the requests the worker makes itself (its network-first API reads), and
 * two sessions emulating one target (Playwright's setOffline beside ours) left the page online with requests still
 * failing, so the bench never mixes them.
 */
async function throttleOf(browser: Browser, context: BrowserContext) {
  const browserSession = await browser.newBrowserCDPSession()
  const { targetInfos } = await browserSession.send('Target.getTargets')
  const workers: string[] = []
  for (const target of targetInfos.filter((info) => info.type === 'service_worker'))
    workers.push(
      (await browserSession.send('Target.attachToTarget', { targetId: target.targetId, flatten: false })).sessionId,
    )
  let id = 0
  const toWorkers = async (method: string, params: object) => {
    for (const sessionId of workers)
      await browserSession.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id: ++id, method, params }),
      })
  }
  await toWorkers('Network.enable', {})
  const pages = new Map<Page, CDPSession>()
  return {
    /** Applies `conditions` to the worker and to each of `targets` (a page keeps its session across navigations). */
    async apply(conditions: NetworkConditions, ...targets: Page[]) {
      await toWorkers('Network.emulateNetworkConditions', conditions)
      for (const page of targets) {
        let session = pages.get(page)
        if (!session) {
          session = await context.newCDPSession(page)
          await session.send('Network.enable')
          pages.set(page, session)
        }
        await session.send('Network.emulateNetworkConditions', conditions)
      }
    },
  }
}

async function timeToFacilityList(page: Page, field: string): Promise<number> {
  const started = performance.now()
  await page.goto(`${field}/`, { waitUntil: 'commit' })
  await facilityLink(page).waitFor({ state: 'visible', timeout: 60_000 })
  return performance.now() - started
}

interface QueuedEntry {
  path: string
  body: Record<string, string | number>
  photo?: boolean
  label: string
  site_code: string
}

/** 10 notes on open tasks and 10 new property tasks with a photo each, at facilities where the task type is free. */
async function queuedActions(base: string, token: string, skip: number): Promise<QueuedEntry[]> {
  const headers = { host: 'snapshot.localhost', authorization: `Bearer ${token}` }
  const get = async <T>(path: string) => (await (await fetch(`${base}${path}`, { headers })).json()) as T
  const types = (await get<TaskType[]>('/api/tasks/task_types')).filter((type) => type.category === 'property')
  const sites = (await get<Array<{ location_code: string }>>('/api/locations')).map((site) => site.location_code)
  const entries: QueuedEntry[] = []
  for (const site of sites.slice(skip)) {
    if (entries.length >= 20) break
    const open = await get<TaskList>(`/api/tasks?location_code=${site}&type=property&page_size=100`)
    const free = types.find((type) => !open.entries.some((task) => task.task_type.id === type.id))
    const task = open.entries[0]
    if (!free || !task) continue
    entries.push({
      path: '/api/task_activities',
      body: { task_id: task.id, note: 'Checked on the walk-through; photo taken.' },
      label: `Note on task #${task.id}`,
      site_code: site,
    })
    entries.push({
      path: '/api/tasks',
      body: { task_type_id: free.id, site_code: site, prior: 'medium', description: 'Found on the walk-through.' },
      photo: true,
      label: `New task at ${site}`,
      site_code: site,
    })
  }
  return entries
}

/** Puts the entries into the write queue's IndexedDB as the field tool does offline (lib/write-queue.ts). */
async function queueOnPhone(page: Page, entries: QueuedEntry[], photo: Buffer) {
  await page.evaluate(
    async ({ entries, photo }) => {
      const bytes = Uint8Array.from(atob(photo), (char) => char.charCodeAt(0))
      const owner = (JSON.parse(localStorage.getItem('snapshot_user')!) as { user: { username: string } }).user.username
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('field-writes', 1)
        open.onupgradeneeded = () => open.result.createObjectStore('writes', { keyPath: 'id', autoIncrement: true })
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(new Error(String(open.error)))
      })
      const store = database.transaction('writes', 'readwrite').objectStore('writes')
      for (const [index, entry] of entries.entries())
        store.add({
          owner,
          path: entry.path,
          body: entry.body,
          files: entry.photo
            ? [{ field: 'images', name: `walk-${index}.jpg`, blob: new Blob([bytes], { type: 'image/jpeg' }) }]
            : undefined,
          key: crypto.randomUUID(),
          made_at: new Date().toISOString(),
          label: entry.label,
          site_code: entry.site_code,
          state: 'waiting',
        })
      await new Promise((resolve) => (store.transaction.oncomplete = resolve))
      database.close()
    },
    { entries, photo: photo.toString('base64') },
  )
}

/**
 * Issue 19's figures: the field tool's second visit with its service worker — time to the facility list on "Slow 4G"
 * and offline — and the sync of 20 queued actions (10 with a photo) once the network returns, on an open connection
 * and on "Slow 4G". Runs in the page-load part's browser and server.
 */
export async function runOfflineFigures(browser: Browser, field: string, slow4g: NetworkConditions): Promise<string[]> {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'allow' })
  const lines: string[] = []
  try {
    const page = await context.newPage()
    await page.goto(`${field}/login`)
    await page.getByLabel('Username').fill('csagent')
    await page.getByLabel('Password').fill('snapshot-demo')
    await page.getByRole('button', { name: 'Login' }).click()
    await facilityLink(page).waitFor()
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    // Once more under the worker's control, so it keeps the facility list's answer.
    await timeToFacilityList(page, field)
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('snapshot_user')!) as { token: string }).token,
    )

    const throttle = await throttleOf(browser, context)
    for (const [name, conditions] of [
      ['second visit with the service worker on Slow 4G', slow4g],
      ['offline, from the service worker', OFFLINE],
    ] as const)
      for (const run of [1, 2]) {
        const visit = await context.newPage()
        await throttle.apply(conditions, visit)
        const seconds = (await timeToFacilityList(visit, field)) / 1000
        lines.push(`facility list, ${name} (run ${run}): ${seconds.toFixed(2)} s`)
        await visit.close()
      }

    const photo = await noisyPhoto(2000, 1500, 80)
    for (const [name, conditions, skip] of [
      ['open connection', OPEN, 0],
      ['Slow 4G', slow4g, 60],
    ] as const) {
      const entries = await queuedActions(field.replace('snapshot.localhost', '127.0.0.1'), token, skip)
      await throttle.apply(OFFLINE, page)
      await queueOnPhone(page, entries, photo)
      await page.reload()
      await page.getByText(`${entries.length} waiting to sync`).waitFor({ timeout: 30_000 })
      const started = performance.now()
      await throttle.apply(conditions, page)
      await page.getByText('Nothing waiting to sync').waitFor({ timeout: 600_000 })
      const seconds = (performance.now() - started) / 1000
      const refused = await page.getByText(/\d+ not synced/).count()
      lines.push(
        `sync of ${entries.length} queued actions (${entries.filter((entry) => entry.photo).length} new tasks with a ${(photo.length / 1024 / 1024).toFixed(1)} MB photo each, ${entries.filter((entry) => !entry.photo).length} notes) when the network returns, ${name}: ${seconds.toFixed(1)} s${refused ? ' (some refused)' : ''}`,
      )
      await page.getByRole('button', { name: 'Show changes' }).click()
      await page.getByRole('button', { name: 'Dismiss finished' }).click()
      await throttle.apply(OPEN, page)
    }
  } finally {
    await context.close()
  }
  return lines
}
