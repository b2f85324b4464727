import type { FindUserInput, FindUserResult } from '@storageops/contracts/users'
import { api } from '../../../lib/api.ts'

export function findAdminUser(body: FindUserInput) {
  return api.post<FindUserResult>('/api/users/find', body)
}
