import { useSyncExternalStore } from 'react'

/** Toasts close after 5 seconds (spec: snapshot-field-tool §9, admin-console-part-2 §9). */
export const TOAST_AUTO_CLOSE_MS = 5000

// The toasts' code loads with the first toast, so pages that show none (a sign-in page) never download it.
let wanted = false
const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** True once a toast was asked for: the app then mounts the toasts' host (app/toasts.tsx). */
export function useToastsWanted(): boolean {
  // No toast in the build's prerendered login (app/login-prerender.tsx).
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  )
}

/** The one way to show a toast; warnings (a missing note, say) are amber, failures red; shown once while it is up. */
export function showToast(message: string, kind: 'success' | 'error' | 'warning' | 'info' = 'info') {
  if (!wanted) {
    wanted = true
    listeners.forEach((listener) => listener())
  }
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({
      // The same message again while it is up stays one toast (issue 34), not a pile lasting 5 s each.
      id: `${kind}:${message}`,
      message,
      color: kind === 'success' ? 'teal' : kind === 'error' ? 'red' : kind === 'warning' ? 'orange' : 'harbor',
      autoClose: TOAST_AUTO_CLOSE_MS,
      withBorder: true,
      // Mantine's close button has no name of its own; screen readers need one.
      closeButtonProps: { 'aria-label': 'Close notification' },
    }),
  )
}
