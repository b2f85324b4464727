import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { EARLY_DATA, earlyDataSettled, startEarlyData, takeEarlyResponse } from './early-data.ts'

const session = { token: 'tok', expires_at: '2999-01-01T00:00:00.000Z', user: {} }
const albany = { slug: 'albany-ny-209', location_code: 'NY209' }
let storage: Map<string, string>
let fetched: string[]
let htmlAttributes: Map<string, string>

/** Loads `pathname` with this stored data; the started requests answer `answers[path]` (else 404). */
function open(pathname: string, stored: Record<string, unknown>, answers: Record<string, unknown> = {}) {
  storage = new Map(Object.entries(stored).map(([key, value]) => [key, JSON.stringify(value)]))
  vi.stubGlobal('window', { location: { pathname } })
  htmlAttributes = new Map()
  vi.stubGlobal('document', {
    documentElement: { setAttribute: (name: string, value: string) => htmlAttributes.set(name, value) },
  })
  vi.stubGlobal('localStorage', { getItem: (key: string) => storage.get(key) ?? null })
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    expect(init.headers).toEqual({ accept: 'application/json', authorization: 'Bearer tok' })
    fetched.push(path)
    return path in answers ? Response.json(answers[path]) : new Response('{}', { status: 404 })
  })
  startEarlyData(EARLY_DATA)
}

beforeEach(() => {
  fetched = []
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

test('Task Overview starts its overview from the HTML, and the app takes that answer once', async () => {
  open('/snapshot/tasks-overview', { snapshot_user: session })
  expect(fetched).toEqual(['/api/tasks/overview'])
  // The prerendered login stays hidden for a signed-in user (lib/prerendered-login.ts).
  expect(htmlAttributes.has(EARLY_DATA.signedInAttribute)).toBe(true)
  const response = await takeEarlyResponse('/api/tasks/overview')
  expect(response?.status).toBe(404)
  expect(takeEarlyResponse('/api/tasks/overview')).toBeUndefined()
  expect(takeEarlyResponse('/api/locations')).toBeUndefined()
})

test("the Dashboard starts its facility table's overview from the HTML, at either of its paths", () => {
  open('/snapshot/dashboard', { snapshot_user: session })
  expect(fetched).toEqual(['/api/facilities/overview'])
  open('/dashboard', { snapshot_user: session })
  expect(fetched).toEqual(['/api/facilities/overview', '/api/facilities/overview'])
  open('/snapshot/dashboard/analytics', { snapshot_user: session })
  expect(fetched).toHaveLength(2)
})

test("facility detail starts the facility's details when the saved list knows the slug", async () => {
  open('/albany-ny-209', { snapshot_user: session, snapshot_locations: { saved_at: 1, locations: [albany] } })
  expect(fetched).toEqual(['/api/snapshot_locations?location_code=NY209'])
  await earlyDataSettled()
  open('/no-such-facility', { snapshot_user: session, snapshot_locations: { saved_at: 1, locations: [albany] } })
  expect(fetched).toEqual(['/api/snapshot_locations?location_code=NY209'])
})

test('a slug in another case starts its facility; a fixed path in another case or with a trailing slash nothing (issue 34)', async () => {
  const saved = { snapshot_user: session, snapshot_locations: { saved_at: 1, locations: [albany] } }
  for (const path of ['/Snapshot/Tasks-Overview', '/snapshot/tasks-overview/', '/albany-ny-209/']) open(path, saved)
  expect(fetched).toEqual([])
  open('/Albany-NY-209', saved)
  expect(fetched).toEqual(['/api/snapshot_locations?location_code=NY209'])
  await earlyDataSettled()
})

test('without a saved list, facility detail starts the list and then the details of the facility in it', async () => {
  open('/albany-ny-209', { snapshot_user: session }, { '/api/locations': [albany] })
  expect(fetched).toEqual(['/api/locations'])
  await vi.waitFor(() => expect(fetched).toHaveLength(2))
  expect(fetched[1]).toBe('/api/snapshot_locations?location_code=NY209')
  // The app still reads the whole list from the answer the HTML started.
  expect(await (await takeEarlyResponse('/api/locations'))!.json()).toEqual([albany])
})

test('nothing starts without a live session, and an answer older than 30 s is not taken', () => {
  open('/snapshot/tasks-overview', {})
  open('/snapshot/tasks-overview', { snapshot_user: { ...session, expires_at: '2000-01-01T00:00:00.000Z' } })
  expect(fetched).toEqual([])
  expect(htmlAttributes.size).toBe(0)

  let now = 1_000
  vi.stubGlobal('performance', { now: () => now })
  open('/snapshot/tasks-overview', { snapshot_user: session })
  now += 30_001
  expect(takeEarlyResponse('/api/tasks/overview')).toBeUndefined()
})
