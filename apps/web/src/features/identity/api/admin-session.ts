import { useQuery } from '@tanstack/react-query'
import type { AdminUser, SessionInfo } from '@storageops/contracts/identity'
import { api } from '../../../lib/api.ts'
import { readSession, writeSession } from '../../../lib/session.ts'

export function getSession() {
  return api.get<SessionInfo>('/api/session')
}

/**
 * Keeps the stored admin user in step with the server (role changes, disabled accounts): on start and
 * every few minutes. A token the server refuses ends the stored session through the API client.
 */
export function useAdminSessionRefresh() {
  return useQuery({
    queryKey: ['admin-session'],
    queryFn: async () => {
      const info = await getSession()
      const stored = readSession<AdminUser>('admin')
      if (info.kind === 'admin' && stored && JSON.stringify(stored.user) !== JSON.stringify(info.user)) {
        writeSession('admin', { ...stored, user: info.user })
      }
      return info
    },
    refetchInterval: 5 * 60_000,
    refetchOnWindowFocus: true,
    staleTime: 60_000,
  })
}
