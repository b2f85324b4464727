import { describe, expect, test } from 'vitest'
import { mainThreadWorkPerFrame, percentiles, type TraceEvent } from './frame-trace.ts'

const mark = (ts: number, pid = 1, tid = 1): TraceEvent => ({
  name: 'map-frame',
  cat: 'blink.user_timing',
  ph: 'I',
  pid,
  tid,
  ts,
})
const task = (ts: number, dur: number, name = 'ThreadControllerImpl::RunTask', tid = 1, tdur = dur): TraceEvent => ({
  name,
  ph: 'X',
  pid: 1,
  tid,
  ts,
  dur,
  tdur,
})

describe('mainThreadWorkPerFrame', () => {
  test('sums the main thread tasks between marks, splitting a task across a boundary, with its garbage collection', () => {
    const events = [
      mark(0),
      task(1000, 2000),
      task(15_000, 4000),
      task(14_000, 1000, 'MinorGC'),
      mark(16_000),
      task(20_000, 500),
      task(20_000, 9000, 'ThreadControllerImpl::RunTask', 2),
      mark(40_000),
    ]
    expect(mainThreadWorkPerFrame(events, 'map-frame')).toEqual([
      { busy: 3, cpu: 3, gc: 1, apart: 16 },
      { busy: 3.5, cpu: 3.5, gc: 0, apart: 24 },
    ])
  })

  test('counts the thread time of a task, not the time its thread waited for a core, split across a boundary in proportion', () => {
    const events = [mark(0), task(2000, 20_000, 'ThreadControllerImpl::RunTask', 1, 2000), mark(12_000), mark(30_000)]
    expect(mainThreadWorkPerFrame(events, 'map-frame')).toEqual([
      { busy: 10, cpu: 1, gc: 0, apart: 12 },
      { busy: 10, cpu: 1, gc: 0, apart: 18 },
    ])
  })

  test('no frames without two marks', () => {
    expect(mainThreadWorkPerFrame([mark(0), task(0, 100)], 'map-frame')).toEqual([])
  })
})

test('percentiles', () => {
  const values = Array.from({ length: 100 }, (_, at) => 100 - at)
  expect(percentiles(values)).toEqual({ p50: 51, p95: 96, max: 100 })
})
