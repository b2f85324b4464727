import { describe, expect, test } from 'vitest'
import { parseWrk } from './http-load.ts'

const report = `Running 1s test @ http://127.0.0.1:39999/
  1 threads and 20 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    12.64ms   21.55ms 103.05ms   85.20%
    Req/Sec    10.80k    19.20k   64.25k    90.00%
  Latency Distribution
     50%  573.00us
     75%   14.87ms
     90%   46.29ms
     99%    1.20s
  10831 requests in 1.10s, 1.28MB read
  Socket errors: connect 1, read 2, write 3, timeout 4
  Non-2xx or 3xx responses: 7
Requests/sec:   9849.22
Transfer/sec:      1.16MB
`

describe('parseWrk', () => {
  test("reads wrk's --latency report in milliseconds, requests per second and bytes", () => {
    expect(parseWrk(report)).toEqual({
      latency: { p50: 0.573, p99: 1200, average: 12.64 },
      requests: { average: 9849.22, total: 10831 },
      throughput: { total: 1.28 * 1024 ** 2 },
      non2xx: 7,
      '3xx': 0,
      errors: 6,
      timeouts: 4,
    })
  })

  test('a report without its figures is refused, not read as zeros', () => {
    expect(() => parseWrk('unable to connect to 127.0.0.1:1 Connection refused')).toThrow(/unreadable wrk report/)
  })
})
