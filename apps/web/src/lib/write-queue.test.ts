import { expect, test } from 'vitest'
import { ApiError } from './api.ts'
import { isTransient, retryDelayOf, waitingCount, type QueuedWrite } from './write-queue.ts'

const refusal = (status: number, error = 'conflict') => new ApiError(status, { error, message: 'No.' })

test('no network, a 5xx, an ended session, throttling and a key still running are tried again; other 4xx are refusals', () => {
  for (const error of [
    new TypeError('Failed to fetch'),
    refusal(0, 'network'),
    refusal(401),
    refusal(408),
    refusal(429),
    refusal(502),
    refusal(503),
    refusal(409, 'idempotency_in_progress'),
  ])
    expect(isTransient(error)).toBe(true)
  for (const error of [
    refusal(400),
    refusal(404),
    refusal(409),
    refusal(409, 'task_closed'),
    refusal(413),
    refusal(422),
  ])
    expect(isTransient(error)).toBe(false)
})

test('waitingCount counts only writes not yet sent', () => {
  const write = (state: QueuedWrite['state']) => ({ state }) as QueuedWrite
  expect(waitingCount([write('waiting'), write('synced'), write('refused'), write('waiting')])).toBe(2)
  expect(waitingCount([])).toBe(0)
})

test('a sync run stopped by a failure is tried again after 5 s, 10 s, 30 s, then every minute', () => {
  expect([0, 1, 2, 3, 4, 20].map(retryDelayOf)).toEqual([5_000, 10_000, 30_000, 60_000, 60_000, 60_000])
})
