import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateUserInput, UserRecord } from '@storageops/contracts/users'
import { api } from '../../../lib/api.ts'
import { userKeys } from './get-users.ts'

/** POST /api/users with email, password, firstName, lastName, role_id (spec: admin-console-part-2 §7). */
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
