import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'

export interface ReceivedEmail {
  messageId: string
  /** Its X-StorageOps-Key header: the outbox row's idempotency key. */
  key: string
  from: string
  to: string[]
  file: string
  raw: string
}

export interface SmtpStandIn {
  url: string
  messages: ReceivedEmail[]
  /** Every DATA the server accepted, duplicates included (a resend of a kept Message-ID counts here only). */
  accepted: number
  /** The X-StorageOps-Key of every DATA accepted, duplicates included, so a test counts its own sends. */
  acceptedKeys: string[]
  /** Refuses the next `count` messages (to `to` only, when given) with this SMTP code (4xx temporary, 5xx permanent). */
  failNext(code: number, message: string, count?: number, to?: string): void
  /** Each message waits this long before the server answers it, in ms. */
  setDelay(milliseconds: number): void
  close(): Promise<void>
}

const messageIdOf = (raw: string) => /^message-id:\s*(<[^>\r\n]+>)/im.exec(raw)?.[1] ?? ''
const keyOf = (raw: string) => /^x-storageops-key:\s*([^\r\n]+)/im.exec(raw)?.[1]?.trim() ?? ''

/** An SMTP server (smtp-server) keeping .eml files in `dir`, one per Message-ID, as a mailbox would. */
export async function startSmtpStandIn(options: { dir: string; port?: number }): Promise<SmtpStandIn> {
  await fs.mkdir(options.dir, { recursive: true })
  const failures: Array<{ code: number; message: string; to?: string }> = []
  let delay = 0
  const state: SmtpStandIn = {
    url: '',
    messages: [],
    accepted: 0,
    acceptedKeys: [],
    failNext(code, message, count = 1, to) {
      for (let index = 0; index < count; index++) failures.push({ code, message, to: to?.toLowerCase() })
    },
    setDelay: (milliseconds) => void (delay = milliseconds),
    close: async () => {},
  }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    banner: 'StorageOps SMTP stand-in',
    logger: false,
    size: 25 * 1024 * 1024,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'stand-in' })
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => void setTimeout(answer, delay))
      const answer = () => {
        const recipients = session.envelope.rcptTo.map((address) => address.address.toLowerCase())
        const at = failures.findIndex((failure) => !failure.to || recipients.includes(failure.to))
        const [failure] = at === -1 ? [] : failures.splice(at, 1)
        if (failure) {
          const error = Object.assign(new Error(failure.message), { responseCode: failure.code })
          return callback(error)
        }
        const raw = Buffer.concat(chunks).toString('utf8')
        const messageId = messageIdOf(raw)
        state.accepted++
        const key = keyOf(raw)
        state.acceptedKeys.push(key)
        const hash = createHash('sha256')
          .update(messageId || raw)
          .digest('hex')
          .slice(0, 24)
        const file = path.join(options.dir, `${hash}.eml`)
        // 'wx': a Message-ID already kept (even by an earlier run) is not written again.
        fs.writeFile(file, raw, { flag: 'wx' }).then(
          () => {
            state.messages.push({
              messageId,
              key,
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((address) => address.address),
              file,
              raw,
            })
            callback(null, `Kept as ${path.basename(file)}`)
          },
          (error: NodeJS.ErrnoException) =>
            error.code === 'EEXIST'
              ? callback(null, 'Duplicate Message-ID, kept once')
              : callback(Object.assign(error, { responseCode: 451 })),
        )
      }
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  server.on('error', () => {})
  state.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  return state
}
