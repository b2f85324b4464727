import type { Office365CallbackInput, Office365CallbackResult } from '@storageops/contracts/office365'
import { api } from '../../../lib/api.ts'

/** POST /api/auth/office365/callback: the server redeems the code and verifies the ID token; answers the email and a one-time ticket. */
export function verifyOffice365Callback(body: Office365CallbackInput) {
  return api.post<Office365CallbackResult>('/api/auth/office365/callback', body)
}
