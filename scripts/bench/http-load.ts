import { createRequire } from 'node:module'
import os from 'node:os'

/** autocannon's client runs in a worker thread so it does not share the server's event loop. */
export interface AutocannonResult {
  latency: { p50: number; p99: number; average: number }
  requests: { average: number; total: number }
  /** Bytes read, headers included. */
  throughput: { total: number }
  non2xx: number
  /** Answers with a 3xx status (counted in non2xx too): a 304 is the expected answer to If-None-Match. */
  '3xx': number
  errors: number
  timeouts: number
}
type Autocannon = (options: {
  url: string
  connections: number
  duration: number
  headers?: Record<string, string>
  workers?: number
}) => Promise<AutocannonResult>

// autocannon ships no types; this is the part of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

export const CONNECTIONS = 20

/** Loads `url` for `durationSeconds` with CONNECTIONS connections, as the bearer `token` when given, with `headers`. */
export function measure(
  url: string,
  durationSeconds: number,
  token?: string,
  headers: Record<string, string> = {},
): Promise<AutocannonResult> {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: durationSeconds,
    workers: 1,
    // As a browser asks: compressed answers welcome.
    headers: { 'accept-encoding': 'br, gzip', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  })
}

export function loadSetup(durationSeconds: number): string {
  return `autocannon: ${CONNECTIONS} connections, ${durationSeconds} s each, client in a worker thread, ${os.cpus().length} CPU cores shared by client, server and PostgreSQL`
}

/** `name: p50 …, p99 …, req/s[, N× hello-world's req/s][, N failed]`. */
export function describe(name: string, result: AutocannonResult, baseline?: AutocannonResult): string {
  const failures = result.non2xx + result.errors + result.timeouts
  const ratio = baseline
    ? `, ${(result.requests.average / Math.max(baseline.requests.average, 1)).toFixed(3)}× hello-world's req/s`
    : ''
  return `${name}: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${Math.round(result.requests.average)} req/s${ratio}${failures ? `, ${failures} failed` : ''}`
}
