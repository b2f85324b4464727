import { Notifications, type NotificationsProps } from '@mantine/notifications'
import '@mantine/notifications/styles.css'
import { TOAST_AUTO_CLOSE_MS } from '../lib/toast.ts'

/** Where toasts appear; loaded with the first toast (lib/toast.ts). */
export default function Toasts({ position }: { position: NotificationsProps['position'] }) {
  return <Notifications position={position} autoClose={TOAST_AUTO_CLOSE_MS} />
}
