import { useMutation } from '@tanstack/react-query'
import { clearSession } from '../../../lib/session.ts'
import { logout } from './logout.ts'

/** Admin Logout (spec: admin-console-part-1 §2 top bar): useLogout's steps (logout.ts) for the admin session. */
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
