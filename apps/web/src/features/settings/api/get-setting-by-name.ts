import { useQuery } from '@tanstack/react-query'
import { settingsResource, type Setting } from '@storageops/contracts/content/settings'
import { getResourceList, resourceKeys } from '../../../lib/resource-queries.ts'

export const settingByNameKey = (name: string) => [...resourceKeys.all(settingsResource), 'by-name', name] as const

export async function getSettingByName(name: string): Promise<Setting | null> {
  const list = await getResourceList(settingsResource, { name })
  return list[0] ?? null
}

export function useSettingByName(name: string) {
  return useQuery({ queryKey: settingByNameKey(name), queryFn: () => getSettingByName(name) })
}
