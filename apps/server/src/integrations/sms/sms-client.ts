/** An SMS as the outbox hands it over; the status of the message comes back to `statusCallback`. */
export interface OutgoingSms {
  to: string
  body: string
  statusCallback: string
}

export interface SmsRecord {
  sid: string
  status: string
  to: string
  body: string
  date_created: string
}

/** `permanent` when trying again cannot help; `code` is the provider's (21610 STOP, 21211 invalid number). */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly code: number | null,
  ) {
    super(message)
    this.name = 'SmsSendError'
  }
}

export const UNSUBSCRIBED_RECIPIENT = 21610

export interface SmsSender {
  send(sms: OutgoingSms): Promise<SmsRecord>
  /** How the outbox learns whether a send cut short by a crash went out, before sending again. */
  findSent(to: string, body: string, since: Date): Promise<SmsRecord | null>
  /** The auth token status callbacks and inbound messages are signed with. */
  readonly authToken: string
}

export interface SmsClientOptions {
  /** Base address of the Twilio-compatible API, e.g. https://api.twilio.com. */
  baseUrl: string
  accountSid: string
  authToken: string
  /** The sending number (E.164) or, when it starts with MG, a messaging service SID. */
  from: string
  timeoutMs: number
}

/** Twilio's Programmable Messaging REST API (2010-04-01) or any API speaking it. */
export function createSmsClient(options: SmsClientOptions): SmsSender {
  const base = `${options.baseUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}`
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`

  async function request(method: 'GET' | 'POST', url: string, form?: URLSearchParams) {
    let response: Response
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: form?.toString(),
        signal: AbortSignal.timeout(options.timeoutMs),
      })
    } catch (error) {
      throw new SmsSendError(`SMS provider unreachable: ${(error as Error).message}`, false, null)
    }
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>
    if (!response.ok) {
      const code = typeof body.code === 'number' ? body.code : null
      const message = typeof body.message === 'string' ? body.message : `SMS provider answered HTTP ${response.status}`
      // 4xx other than rate limiting is the request itself (number, body, account): sending it again cannot help.
      const permanent = response.status >= 400 && response.status < 500 && response.status !== 429
      throw new SmsSendError(message, permanent, code)
    }
    return body
  }

  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  const toRecord = (body: Record<string, unknown>): SmsRecord => ({
    sid: text(body.sid),
    status: text(body.status),
    to: text(body.to),
    body: text(body.body),
    date_created: text(body.date_created),
  })

  return {
    authToken: options.authToken,
    async send(sms) {
      const form = new URLSearchParams({ To: sms.to, Body: sms.body, StatusCallback: sms.statusCallback })
      form.set(options.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', options.from)
      return toRecord(await request('POST', `${base}/Messages.json`, form))
    },
    async findSent(to, body, since) {
      const query = new URLSearchParams({ To: to, PageSize: '50' })
      const page = await request('GET', `${base}/Messages.json?${query}`)
      const messages = Array.isArray(page.messages) ? (page.messages as Array<Record<string, unknown>>) : []
      const match = messages
        .map(toRecord)
        .find((message) => message.body === body && new Date(message.date_created).getTime() >= since.getTime() - 1000)
      return match ?? null
    },
  }
}

/** Outside demo mode without SMS_URL: every text fails clearly instead of pretending to go out. */
export const unconfiguredSmsSender: SmsSender = {
  authToken: '',
  async send() {
    throw new SmsSendError(
      'SMS is not configured: set SMS_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM.',
      true,
      null,
    )
  },
  async findSent() {
    return null
  },
}
