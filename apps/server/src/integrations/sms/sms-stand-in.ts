import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { twilioSignature } from './twilio-signature.ts'

export interface StandInSms {
  sid: string
  to: string
  from: string
  body: string
  status: 'queued' | 'sent' | 'delivered' | 'undelivered' | 'failed'
  status_callback: string | null
  date_created: string
}

export interface SmsStandIn {
  url: string
  accountSid: string
  authToken: string
  messages: StandInSms[]
  callbacks: Array<{ sid: string; status: string; answered: number }>
  /** The next create call (to `to` only, when given) answers with this HTTP status and Twilio error code. */
  failNext(status: number, code: number, message: string, to?: string): void
  /** Messages to these numbers end as undelivered (ErrorCode 30003) instead of delivered. */
  undeliverable: Set<string>
  /** Where inbound messages are posted (our /api/sms/inbound), set once our server listens. */
  setInboundUrl(url: string): void
  /** A signed text from `from` to the inbound URL (STOP/START update the stand-in's opt-outs); our HTTP status. */
  receive(from: string, body: string): Promise<number>
  close(): Promise<void>
}

const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'])
const START_WORDS = new Set(['START', 'YES', 'UNSTOP'])
const E164 = /^\+[1-9]\d{6,14}$/

const sid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`

/** Twilio's Messages API as the product uses it; messages go to `dir/sms.jsonl`; `POST /__stand-in/inbound` replies. */
export async function startSmsStandIn(options: {
  dir: string
  accountSid?: string
  authToken?: string
  number?: string
  callbackDelayMs?: number
  port?: number
}): Promise<SmsStandIn> {
  await fs.mkdir(options.dir, { recursive: true })
  const accountSid = options.accountSid ?? 'AC00000000000000000000000000000000'
  const authToken = options.authToken ?? 'stand-in-auth-token'
  const ourNumber = options.number ?? '+15005550006'
  const callbackDelay = options.callbackDelayMs ?? 50
  const log = path.join(options.dir, 'sms.jsonl')
  const optedOut = new Set<string>()
  const failures: Array<{ status: number; code: number; message: string; to?: string }> = []
  let inboundUrl: string | null = null

  const postSigned = async (url: string, params: Record<string, string>) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(authToken, url, params),
      },
      body: new URLSearchParams(params).toString(),
    })
    await response.arrayBuffer()
    return response.status
  }

  const state: SmsStandIn = {
    url: '',
    accountSid,
    authToken,
    messages: [],
    callbacks: [],
    undeliverable: new Set(),
    failNext: (status, code, message, to) => void failures.push({ status, code, message, to }),
    setInboundUrl: (url) => void (inboundUrl = url),
    async receive(from, body) {
      const word = body.trim().toUpperCase()
      if (STOP_WORDS.has(word)) optedOut.add(from)
      if (START_WORDS.has(word)) optedOut.delete(from)
      if (!inboundUrl) return 0
      return postSigned(inboundUrl, {
        MessageSid: sid('SM'),
        AccountSid: accountSid,
        From: from,
        To: ourNumber,
        Body: body,
      })
    },
    close: async () => {},
  }

  const toJson = (message: StandInSms) => ({
    sid: message.sid,
    account_sid: accountSid,
    to: message.to,
    from: message.from,
    body: message.body,
    status: message.status,
    num_segments: '1',
    direction: 'outbound-api',
    date_created: new Date(message.date_created).toUTCString(),
    error_code: message.status === 'undelivered' ? 30003 : null,
    uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
  })

  const deliver = async (message: StandInSms) => {
    const final = state.undeliverable.has(message.to) ? 'undelivered' : 'delivered'
    for (const status of ['sent', final] as const) {
      await new Promise((resolve) => setTimeout(resolve, callbackDelay))
      message.status = status
      if (!message.status_callback) continue
      const params: Record<string, string> = {
        MessageSid: message.sid,
        SmsSid: message.sid,
        AccountSid: accountSid,
        From: message.from,
        To: message.to,
        MessageStatus: status,
        SmsStatus: status,
        ...(status === 'undelivered' ? { ErrorCode: '30003' } : {}),
      }
      const answered = await postSigned(message.status_callback, params).catch(() => 0)
      state.callbacks.push({ sid: message.sid, status, answered })
    }
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' })
        response.end(JSON.stringify(body))
      }
      const error = (status: number, code: number, message: string) =>
        send(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status })
      const url = new URL(request.url ?? '/', 'http://stand-in')
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))

      if (request.method === 'POST' && url.pathname === '/__stand-in/inbound') {
        if (!form.From || !form.Body) return error(400, 21602, 'From and Body are required.')
        void state.receive(form.From, form.Body).then((status) => send(200, { posted: status }))
        return
      }
      const prefix = `/2010-04-01/Accounts/${accountSid}/Messages`
      if (!url.pathname.startsWith('/2010-04-01/Accounts/'))
        return error(404, 20404, 'The requested resource was not found')
      const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`
      if (request.headers.authorization !== expected || !url.pathname.startsWith(prefix))
        return error(401, 20003, 'Authenticate')

      if (request.method === 'POST' && url.pathname === `${prefix}.json`) {
        const to = form.To ?? ''
        const at = failures.findIndex((failure) => !failure.to || failure.to === to)
        const [failure] = at === -1 ? [] : failures.splice(at, 1)
        if (failure) return error(failure.status, failure.code, failure.message)
        if (!E164.test(to)) return error(400, 21211, `The 'To' number ${to} is not a valid phone number.`)
        if (!form.Body) return error(400, 21602, 'Message body is required.')
        if (!form.From && !form.MessagingServiceSid)
          return error(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message.")
        if (optedOut.has(to)) return error(400, 21610, 'Attempt to send to unsubscribed recipient')
        const message: StandInSms = {
          sid: sid('SM'),
          to,
          from: form.From ?? ourNumber,
          body: form.Body,
          status: 'queued',
          status_callback: form.StatusCallback ?? null,
          date_created: new Date().toISOString(),
        }
        state.messages.push(message)
        void fs.appendFile(log, `${JSON.stringify(message)}\n`).catch(() => {})
        void deliver(message)
        return send(201, toJson(message))
      }
      if (request.method === 'GET' && url.pathname === `${prefix}.json`) {
        const to = url.searchParams.get('To')
        const list = state.messages.filter((message) => !to || message.to === to).reverse()
        const size = Math.min(1000, Number(url.searchParams.get('PageSize') ?? 50) || 50)
        return send(200, { messages: list.slice(0, size).map(toJson), page: 0, page_size: size })
      }
      const one = new RegExp(`^${prefix}/(SM[0-9a-f]{32})\\.json$`).exec(url.pathname)
      if (request.method === 'GET' && one) {
        const message = state.messages.find((candidate) => candidate.sid === one[1])
        return message ? send(200, toJson(message)) : error(404, 20404, 'The requested resource was not found')
      }
      return error(404, 20404, 'The requested resource was not found')
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return state
}
