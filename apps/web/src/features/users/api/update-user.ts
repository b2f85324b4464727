import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UpdateUserInput, UserRecord } from '@storageops/contracts/users'
import { api } from '../../../lib/api.ts'
import { userKeys } from './get-users.ts'

/** PUT /api/users with the user's fields plus id; the email stays as it is (spec: admin-console-part-2 §5, §7). */
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
