import { Navigate, Outlet, useLocation } from 'react-router'
import type { FieldUser } from '@storageops/contracts/identity'
import { useStoredSession } from '../../../features/identity/use-stored-session.ts'

/** Every field route but /login needs a signed-in user; others go to /login and come back after. */
export function RequireFieldUser() {
  const session = useStoredSession<FieldUser>('field')
  const location = useLocation()
  if (!session) {
    const next = `${location.pathname}${location.search}${location.hash}`
    return <Navigate to={`/login${next !== '/' ? `?next=${encodeURIComponent(next)}` : ''}`} replace />
  }
  return <Outlet />
}
