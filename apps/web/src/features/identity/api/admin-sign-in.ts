import { useMutation } from '@tanstack/react-query'
import type { AdminLoginInput, AdminLoginResult } from '@storageops/contracts/identity'
import { api } from '../../../lib/api.ts'
import { writeSession } from '../../../lib/session.ts'

export function signInAdmin(body: AdminLoginInput) {
  return api.post<AdminLoginResult>('/api/auth', body)
}

/** Signs in and stores the user with its token in local storage (spec: admin-console-part-2 §9). */
export function useAdminSignIn() {
  return useMutation({
    mutationFn: signInAdmin,
    onSuccess: ({ token, expires_at, user }) => writeSession('admin', { token, expires_at, user }),
  })
}
