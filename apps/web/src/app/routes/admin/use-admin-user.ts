import type { AdminUser } from '@storageops/contracts/identity'
import { useStoredSession } from '../../../features/identity/use-stored-session.ts'

/** The signed-in admin user; only used below RequireAdminUser, which guarantees one. */
export function useAdminUser(): AdminUser {
  const session = useStoredSession<AdminUser>('admin')
  if (!session) throw new Error('useAdminUser needs a signed-in admin user')
  return session.user
}
