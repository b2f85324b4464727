import type { FastifyInstance } from 'fastify'
import type { AddressInfo } from 'node:net'
import type { Env } from '../../env.ts'
import { createEmailSender, unconfiguredEmailSender, type EmailSender } from '../../integrations/email/email-sender.ts'
import { createSmsClient, unconfiguredSmsSender, type SmsSender } from '../../integrations/sms/sms-client.ts'
import type { OutboxDeps } from './outbox-sender.ts'

/** How messages leave: SMTP for email, a Twilio-compatible API for SMS. */
export interface Channels {
  email: EmailSender
  sms: SmsSender
}

declare module 'fastify' {
  interface FastifyInstance {
    channels: Channels
  }
}

/** The channels the settings ask for (SMTP_URL, SMS_URL …); unset ones fail each message clearly. */
export function channelsFor(env: Env): Channels {
  return {
    email: env.SMTP_URL
      ? createEmailSender({
          url: env.SMTP_URL,
          timeoutMs: env.OUTBOX_SEND_TIMEOUT_MS,
          maxConnections: env.OUTBOX_CONCURRENCY,
        })
      : unconfiguredEmailSender,
    sms:
      env.SMS_URL && env.SMS_ACCOUNT_SID && env.SMS_AUTH_TOKEN && env.SMS_FROM
        ? createSmsClient({
            baseUrl: env.SMS_URL,
            accountSid: env.SMS_ACCOUNT_SID,
            authToken: env.SMS_AUTH_TOKEN,
            from: env.SMS_FROM,
            timeoutMs: env.OUTBOX_SEND_TIMEOUT_MS,
          })
        : unconfiguredSmsSender,
  }
}

/**
 * This server's address as outside systems and tenants reach it: PUBLIC_BASE_URL, else the loopback
 * address it listens on (demo and tests).
 */
export function publicBaseUrl(app: FastifyInstance): string {
  if (app.env.PUBLIC_BASE_URL) return app.env.PUBLIC_BASE_URL.replace(/\/$/, '')
  const address = app.server.listening ? (app.server.address() as AddressInfo | null) : null
  return `http://127.0.0.1:${address?.port ?? app.env.PORT}`
}

export function outboxDepsOf(app: FastifyInstance): OutboxDeps {
  const env = app.env
  return {
    db: app.db,
    email: app.channels.email,
    sms: app.channels.sms,
    log: app.log,
    settings: {
      emailFrom: env.EMAIL_FROM,
      sendTimeoutMs: env.OUTBOX_SEND_TIMEOUT_MS,
      claimTimeoutSeconds: env.OUTBOX_CLAIM_TIMEOUT_SECONDS,
      maxAttempts: env.OUTBOX_MAX_ATTEMPTS,
      retryDelaySeconds: env.OUTBOX_RETRY_DELAY_SECONDS,
      templateIssueFailurePercent: env.TEMPLATE_ISSUE_FAILURE_PERCENT,
      concurrency: env.OUTBOX_CONCURRENCY,
    },
    statusCallbackUrl: (id) => `${publicBaseUrl(app)}/api/sms/status?communication_id=${id}`,
  }
}
