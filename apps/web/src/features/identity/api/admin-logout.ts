import { useMutation } from '@tanstack/react-query'
import { clearSession } from '../../../lib/session.ts'
import { logout } from './logout.ts'

/**
 * Admin Logout (spec: admin-console-part-1 §2 top bar): the server ends the session (a failure is
 * ignored, the user still leaves), cached data is dropped, the stored user cleared, and /login is
 * loaded afresh so nothing of the session stays in memory.
 */
export function useAdminLogout({ forgetUserData }: { forgetUserData: () => void }) {
  return useMutation({
    mutationFn: async () => {
      await logout().catch(() => undefined)
      forgetUserData()
      clearSession('admin')
      window.location.replace('/login')
    },
  })
}
