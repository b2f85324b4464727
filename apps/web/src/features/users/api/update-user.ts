import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UpdateUserInput, UserRecord } from '@storageops/contracts/users'
import { api } from '../../../lib/api.ts'
import { userKeys } from './get-users.ts'

export function updateUser(body: UpdateUserInput) {
  return api.put<UserRecord>('/api/users', body)
}

export function useUpdateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  })
}
