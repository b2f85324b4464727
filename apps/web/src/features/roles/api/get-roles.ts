import { useQuery } from '@tanstack/react-query'
import type { RoleWithUsers } from '@storageops/contracts/roles'
import { api } from '../../../lib/api.ts'

export const roleKeys = { all: ['roles'] as const }

export function getRoles() {
  return api.get<RoleWithUsers[]>('/api/roles')
}

export function useRoles(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: roleKeys.all, queryFn: getRoles, enabled: options.enabled ?? true })
}
