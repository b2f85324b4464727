import { Navigate, Outlet, useLocation } from 'react-router'
import type { AdminUser } from '@storageops/contracts/identity'
import { useStoredSession } from '../../../features/identity/use-stored-session.ts'

/** Every admin route but /login and /azure needs a signed-in user; others go to /login and come back after. */
export function RequireAdminUser() {
  const session = useStoredSession<AdminUser>('admin')
  const location = useLocation()
  if (!session) {
    const next = `${location.pathname}${location.search}${location.hash}`
    return <Navigate to={`/login${next !== '/' ? `?next=${encodeURIComponent(next)}` : ''}`} replace />
  }
  return <Outlet />
}
