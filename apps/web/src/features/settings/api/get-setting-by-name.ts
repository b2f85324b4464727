import { useQuery } from '@tanstack/react-query'
import { settingsResource, type Setting } from '@storageops/contracts/content/settings'
import { getResourceList, resourceKeys } from '../../../lib/resource-queries.ts'

export const settingByNameKey = (name: string) => [...resourceKeys.all(settingsResource), 'by-name', name] as const

/** GET /api/settings?name=: the setting with that name, or null when it does not exist yet (spec: admin-console-part-1 §7). */
export async function getSettingByName(name: string): Promise<Setting | null> {
  const list = await getResourceList(settingsResource, { name })
  return list[0] ?? null
}

export function useSettingByName(name: string) {
  return useQuery({ queryKey: settingByNameKey(name), queryFn: () => getSettingByName(name) })
}
