import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startSmtpStandIn, type SmtpStandIn } from '../integrations/email/smtp-stand-in.ts'
import { startSmsStandIn, type SmsStandIn } from '../integrations/sms/sms-stand-in.ts'

/** The email and SMS stand-ins of a test file, and the settings that point a server at them. */
export interface MessagingStandIns {
  smtp: SmtpStandIn
  sms: SmsStandIn
  env: Record<string, string>
  close(): Promise<void>
}

/** Starts both stand-ins on free loopback ports, keeping what they receive in a temp folder. */
export async function startMessagingStandIns(
  options: { smsCallbackDelayMs?: number } = {},
): Promise<MessagingStandIns> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storageops-outbox-'))
  const smtp = await startSmtpStandIn({ dir })
  const sms = await startSmsStandIn({ dir, callbackDelayMs: options.smsCallbackDelayMs ?? 10 })
  return {
    smtp,
    sms,
    env: {
      SMTP_URL: smtp.url,
      SMS_URL: sms.url,
      SMS_ACCOUNT_SID: sms.accountSid,
      SMS_AUTH_TOKEN: sms.authToken,
      SMS_FROM: '+15005550006',
      OUTBOX_POLL_MS: '100',
      OUTBOX_RETRY_DELAY_SECONDS: '0',
      OUTBOX_SEND_TIMEOUT_MS: '5000',
    },
    async close() {
      await Promise.all([smtp.close(), sms.close()])
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Polls `check` every 50 ms until it returns a value other than undefined/false (at most `ms`). */
export async function eventually<T>(check: () => Promise<T | undefined | false>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await check()
    if (value !== undefined && value !== false) return value
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
