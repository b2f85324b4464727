import type { Location } from '@storageops/contracts/facilities'
import { EARLY_DATA } from './early-data.ts'

const STORAGE_KEY = EARLY_DATA.locationsKey

/** How long the stored list may be shown at all: older copies are dropped and the list is fetched afresh. */
export const LOCATIONS_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000

interface CachedLocations {
  saved_at: number
  locations: Location[]
  /** The server's ETag of this copy: the next fetch asks with it and a 304 downloads nothing (issue 30). */
  etag?: string
}

/** The last text read and what it parsed to: the list (≈0.9 MB at 4,000 facilities) is parsed once per change. */
let lastRead: { raw: string; parsed: Partial<CachedLocations> } | null = null

/** The facility list saved on this device, with when it was fetched; null when absent, unreadable or older than 24 h. */
export function readCachedLocations(now = Date.now()): CachedLocations | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY)
    if (!raw) return null
    if (lastRead?.raw !== raw) lastRead = { raw, parsed: JSON.parse(raw) as Partial<CachedLocations> }
    const cached = lastRead.parsed
    if (typeof cached.saved_at !== 'number' || !Array.isArray(cached.locations)) return null
    if (now - cached.saved_at > LOCATIONS_CACHE_MAX_AGE_MS) return null
    return {
      saved_at: cached.saved_at,
      locations: cached.locations,
      ...(typeof cached.etag === 'string' ? { etag: cached.etag } : {}),
    }
  } catch {
    return null
  }
}

export function writeCachedLocations(locations: Location[], now = Date.now(), etag?: string | null) {
  try {
    const cached: CachedLocations = { saved_at: now, locations, ...(etag ? { etag } : {}) }
    const raw = JSON.stringify(cached)
    localStorage.setItem(STORAGE_KEY, raw)
    lastRead = { raw, parsed: cached }
  } catch {
    // A full or blocked storage only costs the next visit a fetch.
  }
}

/** Forgets the saved list; logout calls this so the next user starts from the server. */
export function clearCachedLocations() {
  lastRead = null
  localStorage.removeItem(STORAGE_KEY)
}
