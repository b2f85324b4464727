import { api } from '../../../lib/api.ts'

const isSupported = () => 'serviceWorker' in navigator && 'PushManager' in window

/** The VAPID key as PushManager.subscribe() takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/')
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
}

/** This browser's current subscription, or null (no service worker, no push, or not subscribed). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!isSupported()) return null
  const registration = await navigator.serviceWorker.getRegistration()
  return (await registration?.pushManager.getSubscription()) ?? null
}

/** Asks the browser for a subscription with the server's key and keeps it on the server (POST …/push_subscription). */
export async function subscribeToPush(publicKey: string): Promise<void> {
  if (!isSupported()) throw new Error('This browser cannot receive push notifications.')
  const registration = await navigator.serviceWorker.ready
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  })
  await api.post('/api/notifications/push_subscription', subscription.toJSON())
}

export async function unsubscribeFromPush(): Promise<void> {
  const subscription = await currentPushSubscription()
  if (!subscription) return
  await api.delete('/api/notifications/push_subscription', { endpoint: subscription.endpoint })
  await subscription.unsubscribe()
}
