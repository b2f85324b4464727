import { em, useMantineTheme } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { Notifications } from '@mantine/notifications'
import '@mantine/notifications/styles.css'
import type { AppName } from '@storageops/contracts/hosts'
import { TOAST_AUTO_CLOSE_MS } from '../lib/toast.ts'

/**
 * Where toasts appear, loaded with the first one: admin top-left (spec: admin-console-part-2 §9); field at the bottom,
 * since at the top they covered the header and the sync panel (issue 34).
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
