import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { clearSession } from '../../../lib/session.ts'

export function logout() {
  return api.post<void>('/api/logout')
}

/**
 * Logout (spec: snapshot-field-tool §2 "Logout clears the stored user"): a failed server call is ignored (the user
 * still leaves), and /login is loaded afresh so nothing of the session stays in memory. All of it runs in the
 * mutation itself: clearing the session unmounts the screen that started it.
 */
export function useLogout({ forgetUserData }: { forgetUserData: () => void }) {
  return useMutation({
    // Offline too: the user still leaves (TanStack Query would pause the mutation until the network returns).
    networkMode: 'always',
    mutationFn: async () => {
      await logout().catch(() => undefined)
      forgetUserData()
      clearSession('field')
      window.location.replace('/login')
    },
  })
}
