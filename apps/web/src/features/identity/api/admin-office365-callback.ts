import type { Office365CallbackInput, Office365CallbackResult } from '@storageops/contracts/office365'
import { api } from '../../../lib/api.ts'

export function verifyOffice365Callback(body: Office365CallbackInput) {
  return api.post<Office365CallbackResult>('/api/auth/office365/callback', body)
}
