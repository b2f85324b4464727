import webPush from 'web-push'
import type { Env } from '../../env.ts'

export interface PushTarget {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

/** What happened to one push: sent, or the subscription is gone (404/410: forget it), or another failure. */
export type PushOutcome = 'sent' | 'gone' | 'failed'

export interface PushSender {
  /** The VAPID public key browsers subscribe with (applicationServerKey). */
  publicKey: string
  send(target: PushTarget, payload: string): Promise<PushOutcome>
}

/** Web Push with VAPID through `web-push` (RFC 8030/8291/8292), or null when WEB_PUSH_* are not set. */
export function pushSenderFor(
  env: Pick<Env, 'WEB_PUSH_PUBLIC_KEY' | 'WEB_PUSH_PRIVATE_KEY' | 'WEB_PUSH_SUBJECT'>,
): PushSender | null {
  if (!env.WEB_PUSH_PUBLIC_KEY || !env.WEB_PUSH_PRIVATE_KEY || !env.WEB_PUSH_SUBJECT) return null
  const vapidDetails = {
    subject: env.WEB_PUSH_SUBJECT,
    publicKey: env.WEB_PUSH_PUBLIC_KEY,
    privateKey: env.WEB_PUSH_PRIVATE_KEY,
  }
  return {
    publicKey: env.WEB_PUSH_PUBLIC_KEY,
    async send(target, payload) {
      try {
        await webPush.sendNotification(target, payload, { vapidDetails, TTL: 3600, timeout: 10_000 })
        return 'sent'
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode
        return status === 404 || status === 410 ? 'gone' : 'failed'
      }
    },
  }
}
