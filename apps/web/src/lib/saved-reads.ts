import { ApiError } from './api.ts'
import { withDeviceStore, type DeviceStore } from './device-store.ts'
import { SAVED_READS_DB, noteSavedAnswer } from './offline-cache.ts'

/** POST reads the service worker cannot keep (a facility's units), saved in IndexedDB for offline (decision 019). */
export interface SavedRead<T> {
  data: T
  /** When the answer came from the server (ISO 8601). */
  fetched_at: string
}

const withReads = <T>(work: (database: DeviceStore<'reads', SavedRead<unknown>>) => Promise<T>) =>
  withDeviceStore(SAVED_READS_DB, 'reads', work)

/** `read()`, saved under `key`; when the network fails, the last saved answer with its fetch time, else the error. */
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
