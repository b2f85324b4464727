import { useQuery } from '@tanstack/react-query'
import type { UserRecord } from '@storageops/contracts/users'
import { api } from '../../../lib/api.ts'

export const userKeys = { all: ['users'] as const }

/** GET /api/users: every admin user with role (spec: admin-console-part-2 §7). */
export function getUsers() {
  return api.get<UserRecord[]>('/api/users')
}

export function useUsers() {
  return useQuery({ queryKey: userKeys.all, queryFn: getUsers })
}
