import { useEffect, useState } from 'react'
import { Stack, Switch } from '@mantine/core'
import { NOTIFICATION_TEXT } from '@storageops/contracts/notification-texts'
import { errorMessage } from '../../../lib/error-message.ts'
import { showToast } from '../../../lib/toast.ts'
import { useNotificationSettings, useUpdateNotificationSettings } from '../api/notification-settings.ts'
import { currentPushSubscription, subscribeToPush, unsubscribeFromPush } from '../api/push-subscription.ts'

/**
 * The notification panel's settings: email on assignment and Web Push on this device (issue 19). Its own module,
 * loaded with the panel (NotificationBell), so field pages do not load Mantine's Switch with their first screen.
 */
export default function NotificationSettingsForm() {
  const settings = useNotificationSettings()
  const update = useUpdateNotificationSettings()
  const pushKey = settings.data?.push_public_key ?? null
  const [pushOn, setPushOn] = useState(false)
  const [pushBusy, setPushBusy] = useState(false)
  useEffect(() => {
    if (pushKey) void currentPushSubscription().then((subscription) => setPushOn(subscription !== null))
  }, [pushKey])

  const togglePush = async (on: boolean) => {
    setPushBusy(true)
    try {
      if (on) await subscribeToPush(pushKey!)
      else await unsubscribeFromPush()
      setPushOn(on)
    } catch (error) {
      showToast(errorMessage(error, 'Push notifications could not be turned on in this browser.'), 'error')
    } finally {
      setPushBusy(false)
    }
  }

  return (
    <Stack gap="xs">
      <Switch
        label={NOTIFICATION_TEXT.emailToggle}
        description={settings.data?.email ? `To ${settings.data.email}` : undefined}
        checked={settings.data?.email_on_assignment ?? false}
        disabled={!settings.data || update.isPending}
        onChange={(event) =>
          update.mutate(
            { email_on_assignment: event.currentTarget.checked },
            { onError: (error) => showToast(errorMessage(error, 'The setting could not be saved.'), 'error') },
          )
        }
      />
      <Switch
        label={NOTIFICATION_TEXT.pushToggle}
        description={pushKey ? undefined : NOTIFICATION_TEXT.pushOff}
        checked={pushOn}
        disabled={!pushKey || pushBusy}
        onChange={(event) => void togglePush(event.currentTarget.checked)}
      />
    </Stack>
  )
}
