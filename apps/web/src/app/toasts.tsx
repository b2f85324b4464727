import { em, useMantineTheme } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { Notifications } from '@mantine/notifications'
import '@mantine/notifications/styles.css'
import type { AppName } from '@storageops/contracts/hosts'
import { TOAST_AUTO_CLOSE_MS } from '../lib/toast.ts'

/**
 * Where toasts appear; loaded with the first toast (lib/toast.ts). The admin console's sit top-left (spec:
 * admin-console-part-2 §9). The field tool's sit at the bottom, right on a desk and across a phone, as snackbars do:
 * at the top they covered the header's Dashboard link, name and Logout (issue 34) and, on a phone, the sync panel
 * whose changes they report (features/tasks/components/sync-panel.tsx); several at once stack into one card's place.
 */
export default function Toasts({ app }: { app: AppName }) {
  const theme = useMantineTheme()
  const isPhone = useMediaQuery(`(max-width: ${em(theme.breakpoints.sm)})`, false, { getInitialValueInEffect: false })
  if (app === 'admin') return <Notifications position="top-left" autoClose={TOAST_AUTO_CLOSE_MS} />
  return (
    <Notifications
      position={isPhone ? 'bottom-center' : 'bottom-right'}
      layout="stacked"
      autoClose={TOAST_AUTO_CLOSE_MS}
    />
  )
}
