import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { clearSession } from '../../../lib/session.ts'

export function logout() {
  return api.post<void>('/api/logout')
}

/** Logout (spec §2): a failed call is ignored and /login loads afresh; all in the mutation, which outlives the screen. */
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
