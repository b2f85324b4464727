import { Loader, Switch } from '@mantine/core'
import { MAINTENANCE_MESSAGES, MAINTENANCE_SETTING } from '@storageops/contracts/content/settings'
import { confirmAction } from '../../../components/ui/confirm-delete.tsx'
import { showToast } from '../../../lib/toast.ts'
import { useSettingByName } from '../api/get-setting-by-name.ts'
import { useSetMaintenance } from '../api/set-maintenance.ts'

/**
 * The maintenance mode switch (spec: admin-console-part-1 §2, §4, §8): on when the `maintenance` setting is 'true'.
 * Either way it asks first, naming the consequence: on takes the public website down, off brings it back (issue 18).
 */
export function MaintenanceToggle() {
  const setting = useSettingByName(MAINTENANCE_SETTING.name)
  const setMaintenance = useSetMaintenance()
  const isOn = setting.data?.value === 'true'
  const switchTo = (turnOn: boolean) =>
    setMaintenance.mutate(turnOn, {
      onSuccess: () => showToast(turnOn ? MAINTENANCE_MESSAGES.on : MAINTENANCE_MESSAGES.off, 'success'),
      onError: () => showToast(turnOn ? MAINTENANCE_MESSAGES.onFailed : MAINTENANCE_MESSAGES.offFailed, 'error'),
    })

  return (
    <Switch
      label="Maintenance mode"
      color="orange"
      checked={isOn}
      disabled={setting.isPending || setMaintenance.isPending}
      thumbIcon={setMaintenance.isPending ? <Loader size={10} color="gray" /> : undefined}
      onChange={(event) => {
        const turnOn = event.currentTarget.checked
        confirmAction({
          title: turnOn ? 'Turn maintenance mode on?' : 'Turn maintenance mode off?',
          message: turnOn ? MAINTENANCE_MESSAGES.confirmOn : MAINTENANCE_MESSAGES.confirmOff,
          confirm: turnOn ? 'Turn on' : 'Turn off',
          onConfirm: () => switchTo(turnOn),
        })
      }}
    />
  )
}
