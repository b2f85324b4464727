import { useQuery } from '@tanstack/react-query'
import type { Setting } from '@storageops/contracts/content/settings'
import { api } from '../../../lib/api.ts'

export const settingKeys = { byName: (name: string) => ['settings', 'by-name', name] as const }

/** GET /api/settings?name=: the setting with that name, or null when it does not exist yet (spec: admin-console-part-1 §7). */
export async function getSettingByName(name: string): Promise<Setting | null> {
  const list = await api.get<Setting[]>(`/api/settings?name=${encodeURIComponent(name)}`)
  return list[0] ?? null
}

export function useSettingByName(name: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: settingKeys.byName(name),
    queryFn: () => getSettingByName(name),
    enabled: options.enabled ?? true,
  })
}
