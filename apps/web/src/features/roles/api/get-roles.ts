import { useQuery } from '@tanstack/react-query'
import type { RoleWithUsers } from '@storageops/contracts/roles'
import { api } from '../../../lib/api.ts'

export const roleKeys = { all: ['roles'] as const }

/** GET api/roles: every role with allowed_pages and assigned_users (spec: admin-console-part-2 §7). */
export function getRoles() {
  return api.get<RoleWithUsers[]>('/api/roles')
}

export function useRoles(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: roleKeys.all, queryFn: getRoles, enabled: options.enabled ?? true })
}
