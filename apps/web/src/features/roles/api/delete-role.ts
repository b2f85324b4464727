import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { roleKeys } from './get-roles.ts'

export function deleteRole(roleId: number) {
  return api.delete<{ message: string }>(`/api/roles?roleId=${roleId}`)
}

export function useDeleteRole() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  })
}
