import { ApiError } from './api.ts'
import { withDeviceStore, type DeviceStore } from './device-store.ts'
import { SAVED_READS_DB, noteSavedAnswer } from './offline-cache.ts'

/**
 * Reads the service worker cannot keep because they are POSTs (the facility's unit list, POST /api/ssm/GetAllUnits),
 * saved on the phone in IndexedDB so they show offline like the `field-api` cache's answers (decision 019).
 */
export interface SavedRead<T> {
  data: T
  /** When the answer came from the server (ISO 8601). */
  fetched_at: string
}

const withReads = <T>(work: (database: DeviceStore<'reads', SavedRead<unknown>>) => Promise<T>) =>
  withDeviceStore(SAVED_READS_DB, 'reads', work)

/**
 * `read()` from the server, its answer saved under `key`; when the network fails (no connection, ApiError 0) the
 * answer saved last is used and marked with its fetch time, and without one the read's offline error stands.
 */
export async function readSaved<T>(key: string, read: () => Promise<T>): Promise<SavedRead<T>> {
  try {
    const fresh = { data: await read(), fetched_at: new Date().toISOString() }
    await withReads((database) => database.put('reads', fresh, key)).catch(() => undefined)
    return fresh
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 0) throw error
    const saved = await withReads((database) => database.get('reads', key)).catch(() => undefined)
    if (!saved) throw error
    noteSavedAnswer(saved.fetched_at)
    return { data: saved.data as T, fetched_at: saved.fetched_at }
  }
}
