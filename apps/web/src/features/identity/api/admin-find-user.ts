import type { FindUserInput, FindUserResult } from '@storageops/contracts/users'
import { api } from '../../../lib/api.ts'

/** POST /api/users/find: the user with role of the signed-in Office 365 account, with a session token (spec: admin-console-part-2 §7). */
export function findAdminUser(body: FindUserInput) {
  return api.post<FindUserResult>('/api/users/find', body)
}
