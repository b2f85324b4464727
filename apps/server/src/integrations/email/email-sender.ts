import nodemailer from 'nodemailer'

/** One email as the outbox hands it over. `messageId` is derived from the idempotency key, so a resend is the same message. */
export interface OutgoingEmail {
  messageId: string
  from: string
  to: string
  subject: string
  html: string
  text: string
  headers?: Record<string, string>
}

/** An email the server refused or could not take; `permanent` when trying again cannot help (SMTP 5xx). */
export class EmailSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message)
    this.name = 'EmailSendError'
  }
}

export interface EmailSender {
  /** Hands the email to the SMTP server; resolves with its answer, throws EmailSendError. */
  send(email: OutgoingEmail): Promise<{ response: string }>
  close(): void
}

/** SMTP through nodemailer (DESIGN §6, §10), `url` as nodemailer reads it (`smtp://user:pass@host:587`), pooled. */
export function createEmailSender(options: { url: string; timeoutMs: number; maxConnections: number }): EmailSender {
  const url = new URL(options.url)
  url.searchParams.set('pool', 'true')
  url.searchParams.set('maxConnections', String(options.maxConnections))
  for (const name of ['connectionTimeout', 'greetingTimeout', 'socketTimeout'])
    url.searchParams.set(name, String(options.timeoutMs))
  const transport = nodemailer.createTransport(url.toString())
  return {
    async send(email) {
      try {
        const info = await transport.sendMail({
          messageId: email.messageId,
          from: email.from,
          to: email.to,
          subject: email.subject,
          html: email.html,
          text: email.text,
          headers: email.headers,
        })
        return { response: info.response }
      } catch (error) {
        const { responseCode, message } = error as { responseCode?: number; message: string }
        throw new EmailSendError(message, responseCode !== undefined && responseCode >= 500)
      }
    },
    close: () => transport.close(),
  }
}

/** Outside demo mode without SMTP_URL: every email fails clearly instead of pretending to go out. */
export const unconfiguredEmailSender: EmailSender = {
  async send() {
    throw new EmailSendError('Email is not configured: set SMTP_URL.', true)
  },
  close() {},
}
