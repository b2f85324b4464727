import type { ReactNode } from 'react'
import { useLocation } from 'react-router'
import { canOpenAdminPath } from '@storageops/contracts/admin-pages'
import { PermissionRequired } from './permission-required.tsx'
import { useAdminUser } from './use-admin-user.ts'

/** Shows a route only to a role that may open its path (spec: admin-console-part-2 §6); the server checks again. */
export function PermissionGate({ children }: { children: ReactNode }) {
  const user = useAdminUser()
  const { pathname } = useLocation()
  return canOpenAdminPath(user.role, pathname) ? children : <PermissionRequired />
}
