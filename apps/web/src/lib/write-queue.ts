import { useSyncExternalStore } from 'react'
import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
import { ApiError, api } from './api.ts'
import { readSession } from './session.ts'

/** A write kept offline in IndexedDB until the network returns (decision 019, docs/areas/offline-field-tool.md). */
export interface QueuedWrite {
  id?: number
  owner: string
  path: string
  /** JSON body; with `files`, the form fields of a multipart request. */
  body: Record<string, string | number | null | undefined | readonly Record<string, unknown>[]>
  files?: { field: string; name: string; blob: Blob }[]
  /** A list write whose later writes of the same path join `body[field]` (≤ `max` items) while it waits. */
  batch?: { field: string; max: number; noun: string }
  /** Set before the first send: a write that may have reached the server takes nothing more into its list. */
  attempted?: boolean
  key: string
  /** When the user made it on the phone (ISO), sent as `X-Action-Time`. */
  made_at: string
  /** What the user did, as the sync list names it ('Note on task #12'). */
  label: string
  /** The facility's site code and task id it concerns, for the links of the sync list. */
  site_code: string
  task_id?: number
  state: 'waiting' | 'synced' | 'refused'
  message?: string
  /** The id of what a synced write created (a task, a report), when the answer had one. */
  result_id?: number
  duplicate_open_task_id?: number
}

interface WriteQueueDb extends DBSchema {
  writes: { key: number; value: QueuedWrite }
}

export const QUEUED_TEXT = 'Saved on this device. It will be sent when the network returns.'

let dbPromise: Promise<IDBPDatabase<WriteQueueDb>> | null = null
const db = () =>
  (dbPromise ??= openDB<WriteQueueDb>('field-writes', 1, {
    upgrade: (database) => database.createObjectStore('writes', { keyPath: 'id', autoIncrement: true }),
  }))

let snapshot: QueuedWrite[] = []
let syncing = false
const listeners = new Set<() => void>()

const ownerNow = () => readSession<{ username: string }>('field')?.user.username ?? null

/**
 * `run` as a function whose every call is answered by a run that starts after the call; calls made while a run waits
 * to start share it. The queue's reads: 1,000 doors recorded in a row cost a few reads and renders, not 1,000 (the
 * phone otherwise fell 10 s behind the taps, and the sync waited for it).
 */
export function sharedRun(run: () => Promise<void>): () => Promise<void> {
  let last: Promise<void> = Promise.resolve()
  let waiting: Promise<void> | undefined
  const start = () => {
    waiting = undefined
    return run()
  }
  return () => (waiting ??= last = last.then(start, start))
}

const refresh = sharedRun(async () => {
  const owner = ownerNow()
  snapshot = owner ? (await (await db()).getAll('writes')).filter((write) => write.owner === owner) : []
  listeners.forEach((listener) => listener())
})

/** The signed-in user's queued writes, oldest first, with their state; `retrying` after a try that failed. */
export function useWriteQueue(): { writes: QueuedWrite[]; syncing: boolean; retrying: boolean } {
  const writes = useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => snapshot,
  )
  const isSyncing = useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => syncing,
  )
  const isRetrying = useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => failedRuns > 0,
  )
  return { writes, syncing: isSyncing, retrying: isRetrying }
}

export const waitingCount = (writes: QueuedWrite[]) => writes.filter((write) => write.state === 'waiting').length

function requestBody(write: QueuedWrite): unknown {
  if (!write.files) return write.body
  const form = new FormData()
  for (const [name, value] of Object.entries(write.body))
    if (typeof value === 'string' || typeof value === 'number') form.append(name, String(value))
  for (const file of write.files) form.append(file.field, file.blob, file.name)
  return form
}

const headersOf = (write: QueuedWrite) => ({ 'Idempotency-Key': write.key, 'X-Action-Time': write.made_at })

/** A failure worth trying again later: no network, the server down or busy, or the key's first send still running. */
export const isTransient = (error: unknown) =>
  !(error instanceof ApiError) ||
  error.status === 0 ||
  error.status === 401 ||
  error.status === 408 ||
  error.status === 429 ||
  error.status >= 500 ||
  error.body.error === 'idempotency_in_progress'

/** Waits before the next try after a run stopped on a failure: 5 s, 10 s, 30 s, then every minute. */
export const RETRY_DELAYS_MS = [5_000, 10_000, 30_000, 60_000] as const
export const retryDelayOf = (failedRuns: number) => RETRY_DELAYS_MS[Math.min(failedRuns, RETRY_DELAYS_MS.length - 1)]!

let failedRuns = 0
let retryTimer: ReturnType<typeof setTimeout> | undefined

/**
 * Sends the signed-in user's waiting writes in order. A refusal (4xx) is kept with the server's reason and the next
 * goes on; no network, a 5xx or an ended session stops the run until retryDelayOf (a weak signal looks online).
 */
export async function syncWrites(): Promise<void> {
  if (syncing || !navigator.onLine) return
  const owner = ownerNow()
  if (!owner) return
  syncing = true
  clearTimeout(retryTimer)
  let stopped = false
  const finished: QueuedWrite[] = []
  try {
    const database = await db()
    const waiting = (await database.getAll('writes')).filter(
      (write) => write.owner === owner && write.state === 'waiting',
    )
    for (const { id } of waiting) {
      // Read again and marked as attempted in one transaction: a write joining its list meanwhile is not lost.
      const write = await markAttempted(database, id!)
      if (!write) continue
      let next: QueuedWrite
      try {
        const answer = await api.post<{ id?: unknown } | null>(write.path, requestBody(write), headersOf(write))
        const id = answer?.id
        next = { ...write, state: 'synced', files: undefined, result_id: typeof id === 'number' ? id : undefined }
      } catch (error) {
        if (isTransient(error)) {
          stopped = true
          break
        }
        const apiError = error as ApiError
        const duplicate = apiError.body.duplicate_open_task_id
        next = {
          ...write,
          state: 'refused',
          message: apiError.message,
          duplicate_open_task_id: typeof duplicate === 'number' ? duplicate : undefined,
        }
      }
      await database.put('writes', next)
      finished.push(next)
      await refresh()
    }
  } finally {
    syncing = false
    failedRuns = stopped ? failedRuns + 1 : 0
    if (stopped) retryTimer = setTimeout(() => void syncWrites(), retryDelayOf(failedRuns - 1))
    await refresh()
    if (finished.length > 0) afterSync.forEach((listener) => listener(finished))
  }
}

async function markAttempted(database: IDBPDatabase<WriteQueueDb>, id: number): Promise<QueuedWrite | undefined> {
  const transaction = database.transaction('writes', 'readwrite')
  const write = await transaction.store.get(id)
  if (write?.state !== 'waiting') return undefined
  if (write.batch && !write.attempted) await transaction.store.put({ ...write, attempted: true })
  await transaction.done
  return write
}

const afterSync = new Set<(writes: QueuedWrite[]) => void>()
/** Called after a sync run with the writes it sent or saw refused, in order. */
export function onWritesSynced(listener: (writes: QueuedWrite[]) => void) {
  afterSync.add(listener)
  return () => afterSync.delete(listener)
}

type NewWrite = Omit<QueuedWrite, 'id' | 'owner' | 'key' | 'made_at' | 'state' | 'attempted'>

/** Whether `write` joins the newest queued write's list (same user and path, never sent, room left): order holds. */
export function canJoin(last: QueuedWrite | undefined, write: NewWrite, owner: string): boolean {
  if (!last?.batch || !write.batch || write.files || last.files) return false
  if (last.owner !== owner || last.state !== 'waiting' || last.attempted || last.path !== write.path) return false
  const items = last.body[last.batch.field]
  const adding = write.body[write.batch.field]
  return Array.isArray(items) && Array.isArray(adding) && items.length + adding.length <= last.batch.max
}

export type SendResult<T> = { queued: false; data: T } | { queued: true }

/** Sends now when online and nothing older waits, else queues it (also when the network fails); a refusal throws. */
export async function sendOrQueue<T>(write: NewWrite): Promise<SendResult<T>> {
  const owner = ownerNow()
  const entry: QueuedWrite = {
    ...write,
    owner: owner ?? '',
    key: crypto.randomUUID(),
    made_at: new Date().toISOString(),
    state: 'waiting',
  }
  if (owner && navigator.onLine && waitingCount(snapshot) === 0) {
    try {
      return {
        queued: false,
        data: await api.post<T>(entry.path, requestBody(entry), headersOf(entry)),
      }
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 0) throw error
    }
  }
  if (!owner) throw new ApiError(401, { error: 'unauthorized', message: 'Please sign in.' })
  const transaction = (await db()).transaction('writes', 'readwrite')
  const cursor = await transaction.store.openCursor(null, 'prev')
  const last = cursor?.value
  if (last && canJoin(last, write, owner)) {
    const field = last.batch!.field
    const items = [
      ...(last.body[field] as Record<string, unknown>[]),
      ...(write.body[field] as Record<string, unknown>[]),
    ]
    await cursor.update({ ...last, body: { ...last.body, [field]: items } })
  } else await transaction.store.add(entry)
  await transaction.done
  await refresh()
  void syncWrites()
  return { queued: true }
}

export async function dismissWrite(id: number) {
  await (await db()).delete('writes', id)
  await refresh()
}

export async function dismissFinished() {
  const database = await db()
  for (const write of snapshot)
    if (write.state !== 'waiting' && write.id !== undefined) await database.delete('writes', write.id)
  await refresh()
}

export async function clearWriteQueue() {
  await (await db()).clear('writes')
  await refresh()
}

/** Loads the queue and sends what waits: now, when the network returns or the app shows again, and on retry. */
export function startWriteQueue(): () => void {
  const sync = () => void syncWrites()
  void refresh().then(sync)
  window.addEventListener('online', sync)
  const signedIn = () => void refresh().then(sync)
  window.addEventListener('storageops:session', signedIn)
  const visible = () => document.visibilityState === 'visible' && sync()
  document.addEventListener('visibilitychange', visible)
  return () => {
    clearTimeout(retryTimer)
    window.removeEventListener('online', sync)
    window.removeEventListener('storageops:session', signedIn)
    document.removeEventListener('visibilitychange', visible)
  }
}
