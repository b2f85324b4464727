import { execFile, execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import os from 'node:os'
import { promisify } from 'node:util'
import { aptInstall } from '../apt-install.mjs'

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

/** Loads `url` for `durationSeconds` with `connections`, as the bearer `token` when given, with `headers`. */
export function measure(
  url: string,
  durationSeconds: number,
  token?: string,
  headers: Record<string, string> = {},
  connections = CONNECTIONS,
): Promise<AutocannonResult> {
  return autocannon({
    url,
    connections,
    duration: durationSeconds,
    workers: 1,
    // As a browser asks: compressed answers welcome.
    headers: { 'accept-encoding': 'br, gzip', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  })
}

export function loadSetup(durationSeconds: number, connections = CONNECTIONS): string {
  return `autocannon: ${connections} connections, ${durationSeconds} s each, client in a worker thread, ${os.cpus().length} CPU cores shared by client, server and PostgreSQL`
}

/** `name: p50 …, p99 …, req/s[, N× hello-world's req/s][, N failed]`. */
export function describe(name: string, result: AutocannonResult, baseline?: AutocannonResult): string {
  const failures = result.non2xx + result.errors + result.timeouts
  const ratio = baseline
    ? `, ${(result.requests.average / Math.max(baseline.requests.average, 1)).toFixed(3)}× hello-world's req/s`
    : ''
  return `${name}: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${Math.round(result.requests.average)} req/s${ratio}${failures ? `, ${failures} failed` : ''}`
}

/**
 * wrk (Debian's package, written in C, installed with apt-get when missing): a second client for the same load.
 * autocannon appends every answer's body to a string (`req.body += data`), about 15 µs of its time per KiB, so for
 * answers of tens of KiB it is the client, not the server, that sets the figure; wrk counts the bytes without keeping
 * them. One thread and `connections`, as autocannon runs.
 */
export async function measureWithWrk(
  url: string,
  durationSeconds: number,
  token?: string,
  headers: Record<string, string> = {},
  connections = CONNECTIONS,
): Promise<AutocannonResult> {
  try {
    execFileSync('sh', ['-c', 'command -v wrk'], { stdio: 'ignore' })
  } catch {
    aptInstall(['wrk'], 'wrk')
  }
  const all = { 'accept-encoding': 'br, gzip', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers }
  const args = ['-t1', `-c${connections}`, `-d${durationSeconds}s`, '--latency']
  for (const [name, value] of Object.entries(all)) args.push('-H', `${name}: ${value}`)
  const { stdout } = await promisify(execFile)('wrk', [...args, url])
  return parseWrk(stdout)
}

const TIME_UNITS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 }
/** Milliseconds to the microsecond wrk reports. */
const milliseconds = (value: string, unit: string) => Math.round(Number(value) * TIME_UNITS[unit]! * 1000) / 1000
const SIZE_UNITS: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }

/** wrk's `--latency` report as autocannon's result (milliseconds, requests per second, bytes). */
export function parseWrk(report: string): AutocannonResult {
  const time = (percentile: string) => {
    const match = new RegExp(`^\\s*${percentile}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(report)
    if (!match) throw new Error(`wrk reported no ${percentile}% latency`)
    return milliseconds(match[1]!, match[2]!)
  }
  const average = /^\s*Latency\s+([\d.]+)(us|ms|s|m)\s/m.exec(report)
  const total = /^\s*(\d+) requests in [\d.]+\w+, ([\d.]+)(B|KB|MB|GB) read/m.exec(report)
  const rate = /^Requests\/sec:\s+([\d.]+)/m.exec(report)
  if (!average || !total || !rate) throw new Error(`unreadable wrk report: ${report}`)
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report)
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(report)?.[1] ?? 0)
  return {
    latency: { p50: time('50'), p99: time('99'), average: milliseconds(average[1]!, average[2]!) },
    requests: { average: Number(rate[1]), total: Number(total[1]) },
    throughput: { total: Number(total[2]) * SIZE_UNITS[total[3]!]! },
    non2xx,
    '3xx': 0,
    errors: socket ? Number(socket[1]) + Number(socket[2]) + Number(socket[3]) : 0,
    timeouts: socket ? Number(socket[4]) : 0,
  }
}
