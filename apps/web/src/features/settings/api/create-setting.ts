import type { CreateSettingInput, Setting } from '@storageops/contracts/content/settings'
import { api } from '../../../lib/api.ts'

/** POST /api/settings with name, value and description (spec: admin-console-part-1 §7). */
export function createSetting(body: CreateSettingInput) {
  return api.post<Setting>('/api/settings', body)
}
