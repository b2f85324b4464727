import { useMutation, useQueryClient } from '@tanstack/react-query'
import { MAINTENANCE_SETTING, settingsResource, type Setting } from '@storageops/contracts/content/settings'
import { createResource, resourceKeys, updateResource } from '../../../lib/resource-queries.ts'
import { getSettingByName, settingByNameKey } from './get-setting-by-name.ts'

/**
 * Switches maintenance mode (spec: admin-console-part-1 §4): the `maintenance` setting is created
 * when it does not exist (POST /api/settings), otherwise its value becomes 'true' or 'false' (PUT /api/settings/{id}).
 */
export async function setMaintenance(isOn: boolean): Promise<Setting> {
  const value = isOn ? 'true' : 'false'
  const existing = await getSettingByName(MAINTENANCE_SETTING.name)
  if (!existing)
    return createResource(settingsResource, {
      name: MAINTENANCE_SETTING.name,
      value,
      description: MAINTENANCE_SETTING.description,
    })
  return updateResource(settingsResource, existing.id, { value })
}

export function useSetMaintenance() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setMaintenance,
    onSuccess: async (setting) => {
      queryClient.setQueryData(settingByNameKey(MAINTENANCE_SETTING.name), setting)
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(settingsResource), refetchType: 'inactive' })
    },
  })
}
