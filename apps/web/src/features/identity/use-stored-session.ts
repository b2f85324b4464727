import { useSyncExternalStore } from 'react'
import type { AppName } from '@storageops/contracts/hosts'
import { readSession, sessionKeyFor, type StoredSession } from '../../lib/session.ts'

function subscribe(callback: () => void) {
  window.addEventListener('storageops:session', callback)
  window.addEventListener('storage', callback)
  return () => {
    window.removeEventListener('storageops:session', callback)
    window.removeEventListener('storage', callback)
  }
}

/** The stored session of an app, re-read whenever sign-in, logout or another tab changes it. */
export function useStoredSession<User>(app: AppName): StoredSession<User> | null {
  const raw = useSyncExternalStore(subscribe, () => localStorage.getItem(sessionKeyFor(app)))
  return raw ? readSession<User>(app) : null
}
