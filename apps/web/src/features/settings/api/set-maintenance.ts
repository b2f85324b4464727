import { useMutation, useQueryClient } from '@tanstack/react-query'
import { MAINTENANCE_SETTING, type Setting } from '@storageops/contracts/content/settings'
import { createSetting } from './create-setting.ts'
import { getSettingByName, settingKeys } from './get-setting-by-name.ts'
import { updateSetting } from './update-setting.ts'

/**
 * Switches maintenance mode (spec: admin-console-part-1 §4): the `maintenance` setting is created
 * when it does not exist, otherwise its value becomes 'true' or 'false'.
 */
export async function setMaintenance(isOn: boolean): Promise<Setting> {
  const value = isOn ? 'true' : 'false'
  const existing = await getSettingByName(MAINTENANCE_SETTING.name)
  if (!existing)
    return createSetting({ name: MAINTENANCE_SETTING.name, value, description: MAINTENANCE_SETTING.description })
  return updateSetting(existing.id, { value })
}

export function useSetMaintenance() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setMaintenance,
    onSuccess: (setting) => queryClient.setQueryData(settingKeys.byName(MAINTENANCE_SETTING.name), setting),
  })
}
