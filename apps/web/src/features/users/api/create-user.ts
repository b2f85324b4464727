import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateUserInput, UserRecord } from '@storageops/contracts/users'
import { api } from '../../../lib/api.ts'
import { userKeys } from './get-users.ts'

export function createUser(body: CreateUserInput) {
  return api.post<UserRecord>('/api/users', body)
}

export function useCreateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  })
}
