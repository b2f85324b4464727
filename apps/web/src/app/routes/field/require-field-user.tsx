import { Navigate, Outlet, useLocation } from 'react-router'
import type { FieldUser } from '@storageops/contracts/identity'
import { loginPathFor } from '../../../features/identity/next-path.ts'
import { useStoredSession } from '../../../features/identity/use-stored-session.ts'

/** Every field route but /login needs a signed-in user; others go to /login and come back after. */
export function RequireFieldUser() {
  const session = useStoredSession<FieldUser>('field')
  const location = useLocation()
  if (!session) {
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />
  }
  return <Outlet />
}
