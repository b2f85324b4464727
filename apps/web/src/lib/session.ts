import type { AppName } from '@storageops/contracts/hosts'
import { EARLY_DATA } from './early-data.ts'
import { clearOfflineCache } from './offline-cache.ts'

/**
 * The signed-in user of this app, kept in local storage with its bearer token
 * (spec: snapshot-field-tool §4 "the user is stored on success and cleared on logout"; admin-console-part-2 §9).
 */
export interface StoredSession<User> {
  token: string
  expires_at: string
  user: User
}

export const sessionKeyFor = (app: AppName) => (app === 'field' ? EARLY_DATA.sessionKey : 'admin_user')

export function readSession<User>(app: AppName): StoredSession<User> | null {
  try {
    const raw = localStorage.getItem(sessionKeyFor(app))
    if (!raw) return null
    const session = JSON.parse(raw) as StoredSession<User>
    if (!session.token || new Date(session.expires_at).getTime() <= Date.now()) {
      if (app === 'field') clearOfflineCache()
      return null
    }
    return session
  } catch {
    return null
  }
}

export function writeSession<User>(app: AppName, session: StoredSession<User>) {
  localStorage.setItem(sessionKeyFor(app), JSON.stringify(session))
  window.dispatchEvent(new Event('storageops:session'))
}

export function clearSession(app: AppName) {
  localStorage.removeItem(sessionKeyFor(app))
  if (app === 'field') clearOfflineCache()
  window.dispatchEvent(new Event('storageops:session'))
}
