import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '../../test/context.ts'

/** A local stand-in for the cloud function: answers GET with whatever the test sets. */
let answer: { status: number; body: string; delayMs?: number } = { status: 200, body: '{}' }
let calls = 0
const standIn = http.createServer((_request, response) => {
  calls++
  setTimeout(
    () => response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body),
    answer.delayMs ?? 0,
  )
})
let ctx: TestContext
let token: string

beforeAll(async () => {
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve))
  const { port } = standIn.address() as AddressInfo
  ctx = await createTestContext({
    env: { ANALYTICS_EMBED_ENDPOINT: `http://127.0.0.1:${port}/embed-url`, ANALYTICS_EMBED_TIMEOUT_MS: '500' },
  })
  token = await ctx.signInField()
})
afterAll(async () => {
  await ctx.close()
  await new Promise((resolve) => standIn.close(resolve))
})
beforeEach(() => {
  calls = 0
})

const embed = () => ctx.request({ method: 'GET', url: '/api/dashboard/analytics_embed', token })

describe('analytics embed through ANALYTICS_EMBED_ENDPOINT', () => {
  test('the frame gets the EmbedUrl the cloud function answers, fresh on each call', async () => {
    answer = {
      status: 200,
      body: JSON.stringify({ EmbedUrl: 'https://analytics.example.com/embed/dashboards/ops?code=abc' }),
    }
    const response = await embed()
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ EmbedUrl: 'https://analytics.example.com/embed/dashboards/ops?code=abc' })
    await embed()
    expect(calls).toBe(2)
  })

  test('a failing function is 502 with its status', async () => {
    answer = { status: 500, body: '{"message":"boom"}' }
    const response = await embed()
    expect(response.statusCode).toBe(502)
    expect(response.json()).toEqual({ error: 'upstream_failed', message: 'The analytics service answered 500.' })
  })

  test('an answer without a usable EmbedUrl is 502', async () => {
    for (const body of ['not json', '{}', '{"EmbedUrl":"javascript:alert(1)"}']) {
      answer = { status: 200, body }
      expect((await embed()).statusCode, body).toBe(502)
    }
  })

  test('a function that does not answer in time is 502', async () => {
    answer = { status: 200, body: JSON.stringify({ EmbedUrl: 'https://late.example.com/' }), delayMs: 1500 }
    const response = await embed()
    expect(response.statusCode).toBe(502)
    expect(response.json().message).toContain('no answer within 500 ms')
  })
})
