import { expect, test } from 'vitest'
import { ApiError } from './api.ts'
import { canJoin, isTransient, retryDelayOf, sharedRun, waitingCount, type QueuedWrite } from './write-queue.ts'

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

test('a list write joins the newest queued one of the same user and path while it waits unsent and has room', () => {
  const batch = { field: 'items', max: 3, noun: 'door' }
  const list = (count: number) => Array.from({ length: count }, (_, index) => ({ n: index }))
  const last = {
    owner: 'csagent',
    path: '/api/walkthroughs/1/observations',
    state: 'waiting',
    body: { items: list(2) },
    batch,
  } as unknown as QueuedWrite
  const next = { path: '/api/walkthroughs/1/observations', body: { items: list(1) }, batch, label: '', site_code: 'X' }
  expect(canJoin(last, next, 'csagent')).toBe(true)
  expect(canJoin(last, { ...next, body: { items: list(2) } }, 'csagent')).toBe(false)
  expect(canJoin({ ...last, attempted: true }, next, 'csagent')).toBe(false)
  expect(canJoin({ ...last, state: 'synced' }, next, 'csagent')).toBe(false)
  expect(canJoin(last, next, 'pmanager')).toBe(false)
  expect(canJoin(last, { ...next, path: '/api/walkthroughs/2/observations' }, 'csagent')).toBe(false)
  expect(canJoin(last, { ...next, batch: undefined }, 'csagent')).toBe(false)
  expect(canJoin({ ...last, batch: undefined }, next, 'csagent')).toBe(false)
  expect(canJoin(last, { ...next, files: [] }, 'csagent')).toBe(false)
  expect(canJoin(undefined, next, 'csagent')).toBe(false)
})

test('sharedRun answers each call with a run started after it; calls while a run waits to start share that run', async () => {
  const log: string[] = []
  let finish = () => {}
  let runs = 0
  const refresh = sharedRun(async () => {
    const run = ++runs
    log.push(`start ${run}`)
    if (run === 1) await new Promise<void>((resolve) => (finish = resolve))
    log.push(`end ${run}`)
  })
  const first = refresh().then(() => log.push('first answered'))
  await Promise.resolve()
  const during = [1, 2, 3].map((call) => refresh().then(() => log.push(`call ${call} answered`)))
  await Promise.resolve()
  expect(log).toEqual(['start 1'])
  finish()
  await Promise.all([first, ...during])
  expect(runs).toBe(2)
  expect(log).toEqual([
    'start 1',
    'end 1',
    'first answered',
    'start 2',
    'end 2',
    'call 1 answered',
    'call 2 answered',
    'call 3 answered',
  ])
  await refresh()
  expect(runs).toBe(3)
})

test('sharedRun goes on after a run that failed, and the call it answered sees the failure', async () => {
  let runs = 0
  const refresh = sharedRun(async () => {
    if (++runs === 1) throw new Error('IndexedDB closed')
  })
  await expect(refresh()).rejects.toThrow('IndexedDB closed')
  await expect(refresh()).resolves.toBeUndefined()
  expect(runs).toBe(2)
})
