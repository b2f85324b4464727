import { useSyncExternalStore } from 'react'

/**
 * The service worker's cache of the field tool's GET /api/ answers (decision 019), marked with FROM_CACHE_HEADER when
 * served offline. It belongs to the session: sign-out or expiry deletes it with the inspection drafts.
 */
export const FIELD_API_CACHE = 'field-api'
/** The IndexedDB database of the inspection drafts (features/brand-reports/inspection-draft.ts). */
export const INSPECTION_DRAFTS_DB = 'storageops-inspection-drafts'
/** The IndexedDB database of the reads the worker cannot keep, e.g. a facility's unit list (lib/saved-reads.ts). */
export const SAVED_READS_DB = 'storageops-saved-reads'
export const FROM_CACHE_HEADER = 'x-from-cache'

/** The oldest fetch time (ISO) of the saved answers shown since the last answer from the network; null online. */
let lastFetched: string | null = null
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((listener) => listener())

/** A saved answer is on screen: `fetched` (ISO) becomes the banner's time when it is older than what shows. */
export function noteSavedAnswer(fetched: string) {
  if (!lastFetched || fetched < lastFetched) {
    lastFetched = fetched
    emit()
  }
}

/** Called by the HTTP client with each GET answer: saved (its Date header) or fresh from the server. */
export function noteAnswer(response: Response) {
  if (response.headers.get(FROM_CACHE_HEADER)) {
    noteSavedAnswer(new Date(response.headers.get('date') ?? Date.now()).toISOString())
  } else if (lastFetched && (response.ok || response.status === 304)) {
    lastFetched = null
    emit()
  }
}

export const readLastFetched = () => lastFetched

export function useLastFetched(): string | null {
  return useSyncExternalStore((listener) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }, readLastFetched)
}

/** Deletes the saved answers, the saved unit lists and the inspection drafts (logout, a refused token, session expiry). */
export function clearOfflineCache() {
  lastFetched = null
  emit()
  if ('caches' in window) void caches.delete(FIELD_API_CACHE)
  if ('indexedDB' in window) {
    indexedDB.deleteDatabase(INSPECTION_DRAFTS_DB)
    indexedDB.deleteDatabase(SAVED_READS_DB)
  }
}
