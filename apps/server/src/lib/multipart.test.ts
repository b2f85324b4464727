import { Readable } from 'node:stream'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '../test/context.ts'

let ctx: TestContext
let token: string
let jpeg: Buffer
beforeAll(async () => {
  ctx = await createTestContext()
  token = await ctx.signInField('pmanager')
  jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer()
})
afterAll(() => ctx.close())

const BOUNDARY = 'multipart-test-boundary'
const fieldPart = (name: string, value: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
const fileHeader = (name: string, filename: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
  )

/** A request body that is produced as it is read, counting what the server pulled; `hold` keeps it open. */
function countingBody(head: Buffer, fillerBytes: number, options: { hold?: Promise<void>; holdAfter?: number } = {}) {
  const counter = { pulled: 0 }
  let sent = 0
  const chunk = Buffer.alloc(64 * 1024, 0x41)
  const next = async (stream: Readable) => {
    if (sent === 0) {
      sent = head.length
      counter.pulled += head.length
      stream.push(head)
      return
    }
    if (options.hold && sent >= (options.holdAfter ?? 0)) await options.hold
    if (sent - head.length >= fillerBytes) {
      stream.push(Buffer.from(`\r\n--${BOUNDARY}--\r\n`))
      stream.push(null)
      return
    }
    sent += chunk.length
    counter.pulled += chunk.length
    stream.push(chunk)
  }
  const stream = new Readable({
    read() {
      void next(this)
    },
  })
  return { stream, counter }
}

const post = (url: string, payload: Readable | Buffer, headers: Record<string, string> = {}) =>
  ctx.request({
    method: 'POST',
    url,
    token,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
  })

test('a photo under an unknown brand standard is refused before its 50 MB are read', async () => {
  const body = countingBody(
    Buffer.concat([fieldPart('location_code', 'TX100'), fileHeader('brand_standard_99999', 'a.jpg'), jpeg]),
    50 * 1024 * 1024,
  )
  const response = await post('/api/brands_reports', body.stream)
  expect(response.statusCode).toBe(422)
  expect(response.json()).toMatchObject({ field: 'brand_standard_99999' })
  expect(body.counter.pulled).toBeLessThan(2 * 1024 * 1024)
})

test('a streamed photo over the limit is 413 once the limit passes, not after the whole body', async () => {
  // The body stops after 12 MB until the answer is in: a server waiting for all 40 MB would never answer.
  let release!: () => void
  const hold = new Promise<void>((resolve) => (release = resolve))
  const body = countingBody(Buffer.concat([fileHeader('images', 'big.jpg'), jpeg]), 40 * 1024 * 1024, {
    hold,
    holdAfter: 12 * 1024 * 1024,
  })
  const response = await post('/api/tasks', body.stream)
  release()
  expect(response.statusCode).toBe(413)
  expect(response.json()).toMatchObject({ error: 'payload_too_large', message: 'Each photo may be at most 10 MB.' })
})

test('a declared body over the total is 413 before anything is read; a file that is not a photo is 415 at its first bytes', async () => {
  const declared = await post('/api/brands_reports', Buffer.alloc(10), { 'content-length': String(2 ** 31) })
  expect(declared.statusCode).toBe(413)
  expect(declared.json().message).toMatch(/^The upload may be at most \d+ MB in all\.$/)
  const body = countingBody(
    Buffer.concat([fileHeader('images', 'x.jpg'), Buffer.from('MZ\x90\x00 not a photo')]),
    30 * 1024 * 1024,
  )
  const response = await post('/api/tasks', body.stream)
  expect(response.statusCode).toBe(415)
  expect(body.counter.pulled).toBeLessThan(2 * 1024 * 1024)
})

test('unknown fields, malformed bodies and multipart on a route without files are refused with 4xx', async () => {
  const unknown = await post(
    '/api/tasks',
    Buffer.concat([fieldPart('is_admin', 'true'), Buffer.from(`--${BOUNDARY}--\r\n`)]),
  )
  expect(unknown.statusCode).toBe(400)
  expect(unknown.json()).toMatchObject({ message: 'Unexpected field is_admin.', field: 'is_admin' })
  const truncated = await post('/api/tasks', Buffer.concat([fileHeader('images', 'a.jpg'), jpeg.subarray(0, 100)]))
  expect(truncated.statusCode).toBe(400)
  const elsewhere = await post('/api/task_activities', fieldPart('task_id', '1'))
  expect(elsewhere.statusCode).toBe(415)
})

test('one user runs at most UPLOADS_PER_USER uploads at once; the next is 429 until one ends', async () => {
  let release!: () => void
  const hold = new Promise<void>((resolve) => (release = resolve))
  const limit = ctx.env.UPLOADS_PER_USER
  const running = Array.from({ length: limit }, () =>
    post('/api/tasks', countingBody(Buffer.concat([fileHeader('images', 'a.jpg'), jpeg]), 1024, { hold }).stream),
  )
  await new Promise((resolve) => setTimeout(resolve, 200))
  const refused = await post('/api/tasks', Buffer.concat([fileHeader('images', 'a.jpg'), jpeg]))
  expect(refused.statusCode).toBe(429)
  expect(refused.headers['retry-after']).toBeDefined()
  release()
  for (const response of await Promise.all(running)) expect(response.statusCode).toBe(400)
  const after = await post(
    '/api/tasks',
    Buffer.concat([fieldPart('description', 'x'), Buffer.from(`--${BOUNDARY}--\r\n`)]),
  )
  expect(after.statusCode).toBe(400)
})
