import webPush from 'web-push'
import type { Env } from '../../env.ts'

export interface PushTarget {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

/**
 * What happened to one push: sent; the subscription is gone (404/410: forget it); worth trying again later (a 5xx, a
 * 429, a timeout or no answer); or refused for good (another 4xx: a bad payload or key, which a retry repeats).
 */
export type PushOutcome = 'sent' | 'gone' | 'retry' | 'failed'

export interface PushSender {
  /** The VAPID public key browsers subscribe with (applicationServerKey). */
  publicKey: string
  send(target: PushTarget, payload: string): Promise<PushOutcome>
}

/** Web Push with VAPID through `web-push` (RFC 8030/8291/8292), or null when WEB_PUSH_* are not set. */
export function pushSenderFor(
  env: Pick<Env, 'WEB_PUSH_PUBLIC_KEY' | 'WEB_PUSH_PRIVATE_KEY' | 'WEB_PUSH_SUBJECT' | 'WEB_PUSH_TIMEOUT_MS'>,
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
        await webPush.sendNotification(target, payload, { vapidDetails, TTL: 3600, timeout: env.WEB_PUSH_TIMEOUT_MS })
        return 'sent'
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode
        if (status === 404 || status === 410) return 'gone'
        return status === undefined || status === 429 || status >= 500 ? 'retry' : 'failed'
      }
    },
  }
}
