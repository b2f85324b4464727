import { expect, test } from 'vitest'
import { FROM_CACHE_HEADER, noteAnswer, readLastFetched } from './offline-cache.ts'

const saved = (date: string) => new Response('[]', { headers: { [FROM_CACHE_HEADER]: '1', date } })

test('saved answers set the oldest last-fetched time; an answer from the network ends it', () => {
  expect(readLastFetched()).toBeNull()
  noteAnswer(saved('Tue, 24 Nov 2026 01:30:00 GMT'))
  noteAnswer(saved('Tue, 24 Nov 2026 01:10:00 GMT'))
  noteAnswer(saved('Tue, 24 Nov 2026 01:50:00 GMT'))
  expect(readLastFetched()).toBe('2026-11-24T01:10:00.000Z')
  noteAnswer(new Response('{}', { status: 404 }))
  expect(readLastFetched()).toBe('2026-11-24T01:10:00.000Z')
  noteAnswer(new Response('[]'))
  expect(readLastFetched()).toBeNull()
})
