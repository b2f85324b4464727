import type { Page } from '@playwright/test'

/** The names of the IndexedDB databases the page's origin keeps. */
export const databaseNames = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name))

/**
 * Reads the object store `store` of the page origin's IndexedDB database `name`: the value at `key`, or every key
 * when no key is given; undefined (or no keys) when the database does not exist, without creating it.
 */
export function readStore(page: Page, name: string, store: string): Promise<string[]>
export function readStore(page: Page, name: string, store: string, key: string): Promise<unknown>
export function readStore(page: Page, name: string, store: string, key?: string) {
  return page.evaluate(
    async ({ name, store, key }) => {
      if (!(await indexedDB.databases()).some((database) => database.name === name))
        return key === undefined ? [] : undefined
      return new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open(name)
        open.onerror = () => reject(new Error(String(open.error)))
        open.onsuccess = () => {
          const database = open.result
          const objects = database.transaction(store).objectStore(store)
          const read = key === undefined ? objects.getAllKeys() : objects.get(key)
          read.onsuccess = () => {
            database.close()
            resolve(key === undefined ? (read.result as IDBValidKey[]).map(String) : read.result)
          }
        }
      })
    },
    { name, store, key },
  )
}
