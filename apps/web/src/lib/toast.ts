import { notifications } from '@mantine/notifications'

/** Toasts close after 5 seconds (spec: snapshot-field-tool §9, admin-console-part-2 §9). */
export const TOAST_AUTO_CLOSE_MS = 5000

/** The one way to show a toast; warnings (a missing note, say) are amber, failures red. */
export function showToast(message: string, kind: 'success' | 'error' | 'warning' | 'info' = 'info') {
  notifications.show({
    message,
    color: kind === 'success' ? 'teal' : kind === 'error' ? 'red' : kind === 'warning' ? 'orange' : 'harbor',
    autoClose: TOAST_AUTO_CLOSE_MS,
    withBorder: true,
    // Mantine's close button has no name of its own; screen readers need one.
    closeButtonProps: { 'aria-label': 'Close notification' },
  })
}
