import { useQuery } from '@tanstack/react-query'
import type { UserRecord } from '@storageops/contracts/users'
import { api } from '../../../lib/api.ts'

export const userKeys = { all: ['users'] as const }

export function getUsers() {
  return api.get<UserRecord[]>('/api/users')
}

export function useUsers() {
  return useQuery({ queryKey: userKeys.all, queryFn: getUsers })
}
