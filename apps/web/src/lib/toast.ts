import { notifications } from '@mantine/notifications'

/** Toasts close after 5 seconds (spec: snapshot-field-tool §9, admin-console-part-2 §9). */
export const TOAST_AUTO_CLOSE_MS = 5000

/** The one way to show a toast. */
export function showToast(message: string, kind: 'success' | 'error' | 'info' = 'info') {
  notifications.show({
    message,
    color: kind === 'success' ? 'teal' : kind === 'error' ? 'red' : 'harbor',
    autoClose: TOAST_AUTO_CLOSE_MS,
    withBorder: true,
  })
}
