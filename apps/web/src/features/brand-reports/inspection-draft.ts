import { useCallback, useEffect, useRef, useState } from 'react'
import { withDeviceStore, type DeviceStore } from '../../lib/device-store.ts'
import { INSPECTION_DRAFTS_DB } from '../../lib/offline-cache.ts'

/** The inspection in progress, kept on the phone per user and facility until submitted or discarded (issue 18). */
export interface InspectionDraft {
  notes: string
  photos: Array<{ standard_id: number; file: File }>
  /** ISO 8601, when it was last written. */
  saved_at: string
}

const withDrafts = <T>(work: (database: DeviceStore<'drafts', InspectionDraft>) => Promise<T>) =>
  withDeviceStore(INSPECTION_DRAFTS_DB, 'drafts', work)

export const draftKey = (username: string, siteCode: string) => `${username}/${siteCode}`

export async function readDraft(key: string): Promise<InspectionDraft | null> {
  return (await withDrafts((database) => database.get('drafts', key))) ?? null
}

export async function writeDraft(key: string, draft: InspectionDraft | null): Promise<void> {
  await withDrafts(async (database) => {
    if (draft) await database.put('drafts', draft, key)
    else await database.delete('drafts', key)
  })
}

/** The site codes of `username`'s drafts on this phone, for the logout warning. */
export async function draftSitesOf(username: string): Promise<string[]> {
  const keys = await withDrafts((database) => database.getAllKeys('drafts'))
  return keys.filter((key) => key.startsWith(`${username}/`)).map((key) => key.slice(username.length + 1))
}

/** Loads the draft of `key` once (`undefined` while reading, `null` for none) and writes changes in order; null deletes. */
export function useInspectionDraft(key: string) {
  const [initial, setInitial] = useState<InspectionDraft | null | undefined>(undefined)
  const queue = useRef<Promise<void>>(Promise.resolve())
  useEffect(() => {
    let isCurrent = true
    void readDraft(key)
      .catch(() => null)
      .then((draft) => isCurrent && setInitial(draft))
    return () => {
      isCurrent = false
    }
  }, [key])
  const save = useCallback(
    (draft: InspectionDraft | null) => {
      queue.current = queue.current.then(() => writeDraft(key, draft)).catch(() => undefined)
      return queue.current
    },
    [key],
  )
  return { initial, save }
}
