import { describe, expect, test } from 'vitest'
import { formatBytes, metricSample, readsTable, readVerdict, screensTable, type ReadFigures } from './scale-report.ts'

const figures = (rps: number, p99: number, failed = 0): ReadFigures => ({
  rps,
  p99,
  bytesPerAnswer: 2048,
  jsonBytes: 900_000,
  failed,
})

describe('readVerdict', () => {
  test('met at half the smaller scale’s req/s and a p99 of 50 ms', () => {
    expect(readVerdict(figures(100, 10), figures(50, 50))).toBe('met')
  })

  test('says each goal it misses', () => {
    expect(readVerdict(figures(133, 12), figures(2, 6020))).toBe('not met (0.02× < 0.5×, p99 > 50 ms)')
    expect(readVerdict(figures(100, 10), figures(90, 51))).toBe('not met (p99 > 50 ms)')
    expect(readVerdict(figures(100, 10), figures(90, 20, 3))).toBe('not met (3 failed)')
  })
})

describe('readsTable', () => {
  test('puts each scale side by side with the ratio, the answer’s size and the goal', () => {
    const lines = readsTable(
      [
        {
          name: 'facility list',
          url: '/api/locations',
          byScale: new Map([
            [1, figures(133, 12)],
            [27, figures(2, 6020)],
          ]),
        },
        {
          name: 'bulk edit, paged',
          url: '/api/locations_bulk_edit?limit=20',
          byScale: new Map([
            [1, { skipped: 'not paged yet' }],
            [27, { skipped: 'not paged yet' }],
          ]),
        },
      ],
      [1, 27],
    )
    expect(lines).toEqual([
      '| list API | scale 1 req/s | p99 | scale 27 req/s | p99 | 27 vs 1 | answer at 27 (JSON / sent) | goal ≥ 0.5×, p99 ≤ 50 ms |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      '| facility list (`/api/locations`) | 133 | 12 ms | 2.0 | 6020 ms | 0.02× | 878.9 KiB / 2.0 KiB | not met (0.02× < 0.5×, p99 > 50 ms) |',
      '| bulk edit, paged (`/api/locations_bulk_edit?limit=20`) | not paged yet |  | not paged yet |  |  |  |  |',
    ])
  })

  test('one scale alone has no ratio or goal columns', () => {
    const [header, , line] = readsTable(
      [{ name: 'users', url: '/api/users', byScale: new Map([[27, figures(810, 35, 2)]]) }],
      [27],
    )
    expect(header).toBe('| list API | scale 27 req/s | p99 | answer at 27 (JSON / sent) |')
    expect(line).toBe('| users (`/api/users`) | 810 (2 failed) | 35 ms | 878.9 KiB / 2.0 KiB |')
  })
})

describe('screensTable', () => {
  test('gives load times per scale and the largest scale’s rows, elements, inputs and goals', () => {
    const lines = screensTable(
      [
        {
          name: 'Task Overview',
          path: '/snapshot/tasks-overview',
          byScale: new Map([
            [1, { desktopMs: 700, phoneMs: 2990, rows: 150, elements: 3405, inputs: [] }],
            [
              27,
              {
                desktopMs: 5270,
                phoneMs: null,
                rows: 4050,
                elements: 87513,
                inputs: [
                  { input: 'sort by Facility', nextPaintMs: 6400, rowsMs: 6380.4 },
                  { input: 'filter “A10”', nextPaintMs: null, rowsMs: null },
                  { input: 'next page', nextPaintMs: null, rowsMs: null, note: 'no such control' },
                ],
              },
            ],
          ]),
        },
        { name: 'Dashboard', path: '/snapshot/dashboard', byScale: new Map([[1, 'failed: timeout']]) },
      ],
      [1, 27],
    )
    expect(lines.slice(2)).toEqual([
      '| Task Overview (`/snapshot/tasks-overview`) | 0.70 s | 2.99 s | 5.27 s | — | 4050 / 87513 | sort by Facility: paint 6400 ms ✗, rows 6380 ms; filter “A10”: paint < 16 ms, rows unchanged; next page: no such control | desktop not met, phone not met, inputs not met |',
      '| Dashboard (`/snapshot/dashboard`) | failed: timeout |  | not measured |  |  |  |  |',
    ])
  })
})

test('an input that failed misses the input goal; a missing control does not', () => {
  const line = (note: string, failed?: true) =>
    screensTable(
      [
        {
          name: 'Dashboard',
          path: '/snapshot/dashboard',
          byScale: new Map([
            [
              27,
              {
                desktopMs: 900,
                phoneMs: 2900,
                rows: 50,
                elements: 900,
                inputs: [{ input: 'sort by Open Tasks', nextPaintMs: null, rowsMs: null, note, failed }],
              },
            ],
          ]),
        },
      ],
      [27],
    )[2]
  expect(line('failed: Timeout', true)).toBe(
    '| Dashboard (`/snapshot/dashboard`) | 0.90 s | 2.90 s | 50 / 900 | sort by Open Tasks: failed: Timeout ✗ | desktop met, phone met, inputs not met |',
  )
  expect(line('not sortable')).toBe(
    '| Dashboard (`/snapshot/dashboard`) | 0.90 s | 2.90 s | 50 / 900 | sort by Open Tasks: not sortable | desktop met, phone met, inputs met |',
  )
})

test('formatBytes picks B, KiB or MiB', () => {
  expect([formatBytes(900), formatBytes(2048), formatBytes(4.3 * 1024 * 1024)]).toEqual(['900 B', '2.0 KiB', '4.3 MiB'])
})

test('metricSample reads one sample of the Prometheus text format', () => {
  const text = [
    '# HELP storageops_read_cache The read cache.',
    '# TYPE storageops_read_cache gauge',
    'storageops_read_cache{figure="entries"} 12',
    'storageops_read_cache{figure="bytes"} 3456789',
    'process_resident_memory_bytes 123456',
  ].join('\n')
  expect(metricSample(text, 'storageops_read_cache', 'figure="bytes"')).toBe(3456789)
  expect(metricSample(text, 'process_resident_memory_bytes')).toBe(123456)
  expect(metricSample(text, 'storageops_read_cache')).toBeNull()
  expect(metricSample(text, 'storageops_live_watchers', 'page="/snapshot"')).toBeNull()
})
