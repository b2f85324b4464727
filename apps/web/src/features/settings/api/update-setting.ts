import type { Setting, UpdateSettingInput } from '@storageops/contracts/content/settings'
import { api } from '../../../lib/api.ts'

/** PUT /api/settings/{id} with the value (spec: admin-console-part-1 §7). */
export function updateSetting(id: number, body: UpdateSettingInput) {
  return api.put<Setting>(`/api/settings/${id}`, body)
}
