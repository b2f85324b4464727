/** The field page's data requests, started inline in its HTML before the app's code arrives (decision 010). */
export const EARLY_DATA = {
  /** Local-storage key of the field tool's stored session (lib/session.ts). */
  sessionKey: 'snapshot_user',
  /** Local-storage key of the saved facility list (features/facilities/locations-cache.ts). */
  locationsKey: 'snapshot_locations',
  locationsPath: '/api/locations',
  facilityDetailsPath: '/api/snapshot_locations?location_code=',
  tasksOverviewPage: '/snapshot/tasks-overview',
  tasksOverviewPath: '/api/tasks/overview',
  /** The Dashboard's two paths (spec: snapshot-field-tool §2) and its facility table's data. */
  dashboardPages: ['/snapshot/dashboard', '/dashboard'],
  facilitiesOverviewPath: '/api/facilities/overview',
  /** Set on <html> when a live session is stored (hides the prerendered login, lib/prerendered-login.ts). */
  signedInAttribute: 'data-signed-in',
}

export type EarlyDataConfig = typeof EARLY_DATA

export interface EarlyRequest {
  at: number
  response: Promise<Response>
  taken?: boolean
}

declare global {
  interface Window {
    storageopsEarlyData?: Record<string, EarlyRequest>
  }
}

/**
 * Runs inline in the HTML (serialised with `toString()`: no imports, no outside names); with a live stored session it
 * starts the page's data requests with lib/api.ts's headers.
 */
export function startEarlyData(config: EarlyDataConfig) {
  const started: Record<string, EarlyRequest> = {}
  window.storageopsEarlyData = started
  const read = <T>(key: string): Partial<T> | null => {
    try {
      return JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<T> | null
    } catch {
      return null
    }
  }
  const session = read<{ token: string; expires_at: string }>(config.sessionKey)
  if (!session?.token || !(new Date(session.expires_at ?? 0).getTime() > Date.now())) return
  document.documentElement.setAttribute(config.signedInAttribute, '')
  const headers = { accept: 'application/json', authorization: `Bearer ${session.token}` }
  const start = (path: string) => {
    const response = fetch(path, { headers })
    started[path] = { at: performance.now(), response }
    // Nobody may ask for it (another page, or the app no longer wants it): a failure is then nobody's error.
    return response.catch(() => null)
  }
  const path = window.location.pathname
  if (path === config.tasksOverviewPage) void start(config.tasksOverviewPath)
  if (config.dashboardPages.includes(path)) return void start(config.facilitiesOverviewPath)
  // Paths are exact, but a slug in another case leads to its facility (issue 34).
  const slug = /^\/([^/]+)$/.exec(path)?.[1]?.toLowerCase()
  if (!slug) return
  type Listed = { slug: string; location_code: string }
  const startDetails = (locations: unknown) => {
    const location = Array.isArray(locations)
      ? (locations as Listed[]).find((entry) => entry.slug.toLowerCase() === slug)
      : null
    if (location) void start(config.facilityDetailsPath + encodeURIComponent(location.location_code))
  }
  const saved = read<{ locations: Listed[] }>(config.locationsKey)
  if (Array.isArray(saved?.locations)) return startDetails(saved.locations)
  void start(config.locationsPath)
    .then((response) => (response?.ok ? (response.clone().json() as Promise<unknown>) : null))
    .then(startDetails)
    .catch(() => {})
}

/** How long a started request may be taken: later, the page asks the server afresh. */
const EARLY_DATA_MAX_AGE_MS = 30_000

/** The response the HTML started for a GET of `path`, once; undefined when none (or it is too old to be current). */
export function takeEarlyResponse(path: string): Promise<Response> | undefined {
  const started = typeof window === 'undefined' ? undefined : window.storageopsEarlyData
  const request = started?.[path]
  if (!request || request.taken) return undefined
  request.taken = true
  return performance.now() - request.at <= EARLY_DATA_MAX_AGE_MS ? request.response : undefined
}

export function earlyDataSettled(): Promise<unknown> {
  const started = typeof window === 'undefined' ? {} : (window.storageopsEarlyData ?? {})
  return Promise.allSettled(Object.values(started).map((request) => request.response))
}

/** Resolves once the first page has its code and early data and the browser is idle: later work must not share a slow link. */
export async function afterFirstPage() {
  if (document.readyState !== 'complete')
    await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }))
  await earlyDataSettled()
  await new Promise((resolve) =>
    'requestIdleCallback' in window ? requestIdleCallback(resolve, { timeout: 3000 }) : setTimeout(resolve, 500),
  )
}
