import { openDB, type IDBPDatabase, type StoreNames } from 'idb'

type OneStore<S extends string, V> = { [store in S]: { key: string; value: V } }

/** An IndexedDB database of one object store `S` of `V` values under string keys. */
export type DeviceStore<S extends string, V> = IDBPDatabase<OneStore<S, V>>

/**
 * Runs `work` on the phone's IndexedDB database `name` (version 1, one object store `store`, created on first use)
 * and closes the connection after it, so the session's end can delete the database at any time (lib/offline-cache.ts).
 */
export async function withDeviceStore<S extends string, V, T>(
  name: string,
  store: S,
  work: (database: DeviceStore<S, V>) => Promise<T>,
): Promise<T> {
  const database = await openDB<OneStore<S, V>>(name, 1, {
    upgrade(database) {
      database.createObjectStore(store as StoreNames<OneStore<S, V>>)
    },
  })
  try {
    return await work(database)
  } finally {
    database.close()
  }
}
