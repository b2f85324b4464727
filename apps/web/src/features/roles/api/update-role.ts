import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RoleWithUsers, UpdateRoleInput } from '@storageops/contracts/roles'
import { api } from '../../../lib/api.ts'
import { roleKeys } from './get-roles.ts'

export function updateRole(body: UpdateRoleInput) {
  return api.put<RoleWithUsers>('/api/roles', body)
}

/** Saves a role at once; the table shows the change before the server answers and rolls back on failure. */
export function useUpdateRole() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateRole,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: roleKeys.all })
      const previous = queryClient.getQueryData<RoleWithUsers[]>(roleKeys.all)
      queryClient.setQueryData<RoleWithUsers[]>(roleKeys.all, (roles) =>
        roles?.map((role) => (role.id === body.id ? { ...role, ...body } : role)),
      )
      return { previous }
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(roleKeys.all, context.previous)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  })
}
