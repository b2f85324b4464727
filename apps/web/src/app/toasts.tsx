import { em, useMantineTheme } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { Notifications } from '@mantine/notifications'
import '@mantine/notifications/styles.css'
import type { AppName } from '@storageops/contracts/hosts'
import { TOAST_AUTO_CLOSE_MS } from '../lib/toast.ts'

/**
 * Where toasts appear; loaded with the first toast (lib/toast.ts). The admin console's sit top-left (spec:
 * admin-console-part-2 §9), the field tool's top-right; on a phone the field tool's go to the bottom, as a phone's
 * snackbars do, since a toast there is as wide as the screen and at the top it hid the header and the sync panel
 * whose changes it reports (features/tasks/components/sync-panel.tsx).
 */
export default function Toasts({ app }: { app: AppName }) {
  const theme = useMantineTheme()
  const isPhone = useMediaQuery(`(max-width: ${em(theme.breakpoints.sm)})`, false, { getInitialValueInEffect: false })
  const position = app === 'admin' ? 'top-left' : isPhone ? 'bottom-center' : 'top-right'
  return <Notifications position={position} autoClose={TOAST_AUTO_CLOSE_MS} />
}
