import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateRoleInput, RoleWithUsers } from '@storageops/contracts/roles'
import { api } from '../../../lib/api.ts'
import { roleKeys } from './get-roles.ts'

export function createRole(body: CreateRoleInput) {
  return api.post<RoleWithUsers>('/api/roles', body)
}

export function useCreateRole() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  })
}
