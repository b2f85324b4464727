import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startCluster, type Cluster } from '../../../../scripts/pg-cluster.ts'

/**
 * A database outage on a real PostgreSQL (issue 12): the product's own server process over its own
 * cluster, which is stopped, frozen (SIGSTOP) and started again under requests. Every answer meanwhile
 * is 503 with Retry-After (never a 5xx of another kind, never a hang), the server recovers by itself,
 * and a server started while PostgreSQL is down answers 503 until it is up. Timings are printed.
 */

const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server.ts')
/** A request still unanswered after this long counts as hanging. */
const HANG_MS = 5000
let cluster: Cluster
let dataDir: string
let port: number
let child: ChildProcess | null = null
let token = ''

interface Answer {
  status: number
  ms: number
  /** performance.now() when the answer arrived. */
  at: number
  retryAfter?: string
}

function call(method: string, url: string, body?: object): Promise<Answer> {
  const started = performance.now()
  return new Promise((resolve) => {
    const payload = body ? JSON.stringify(body) : undefined
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        timeout: HANG_MS,
        headers: {
          host: 'admin.localhost',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          if (url === '/api/auth' && response.statusCode === 200)
            token = (JSON.parse(Buffer.concat(chunks).toString()) as { token: string }).token
          resolve({
            status: response.statusCode ?? 0,
            ms: performance.now() - started,
            at: performance.now(),
            retryAfter: response.headers['retry-after'],
          })
        })
      },
    )
    request.on('timeout', () => request.destroy(new Error('hang')))
    request.on('error', () => resolve({ status: 0, ms: performance.now() - started, at: performance.now() }))
    request.end(payload)
  })
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = server.address() as { port: number }
      server.close(() => resolve(free))
    })
  })
}

/** The server process's output since its start (errors only), told when a poll gives up: why it refused, or died. */
let serverOutput = ''

/** Starts the server process; resolves once it prints `marker` (its ready banner by default). */
function startServer(marker = /Admin console:/): Promise<void> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_MODE: 'true',
      SEED_SCALE: '0.02',
      LOG_LEVEL: 'error',
      DATABASE_URL: cluster.url,
    }
    delete env.TEST_DB
    child = spawn(process.execPath, ['--import', 'tsx', serverEntry], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    serverOutput = ''
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${serverOutput}`)), 150_000)
    const watch = (chunk: Buffer) => {
      serverOutput += chunk.toString()
      if (marker.test(serverOutput)) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout!.on('data', watch)
    child.stderr!.on('data', watch)
    child.on('exit', (code, signal) => {
      clearTimeout(timer)
      serverOutput += `\n[server exited: ${code ?? signal}]`
      reject(new Error(`server exited (${code ?? signal}):\n${serverOutput}`))
    })
  })
}

async function stopServer() {
  const running = child
  child = null
  if (!running || running.exitCode !== null) return
  running.removeAllListeners('exit')
  const exited = new Promise((resolve) => running.once('exit', resolve))
  running.kill('SIGTERM')
  const timer = setTimeout(() => running.kill('SIGKILL'), 30_000)
  await exited
  clearTimeout(timer)
}

/** Sends a health check and an authenticated read every 100 ms until `done` says so; every answer. */
async function poll(done: (answers: Answer[]) => boolean, limitMs = 60_000): Promise<Answer[]> {
  const answers: Answer[] = []
  const deadline = Date.now() + limitMs
  while (!done(answers)) {
    if (Date.now() > deadline) {
      const statuses = answers.map((answer) => `${answer.status}:${Math.round(answer.ms)}`).join(' ')
      throw new Error(
        `gave up after ${answers.length} answers (status:ms): ${statuses}\nserver output:\n${serverOutput.slice(-4000)}`,
      )
    }
    answers.push(...(await Promise.all([call('GET', '/api/health'), call('GET', '/api/users')])))
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return answers
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const allUp = (answers: Answer[]) => answers.length >= 2 && answers.slice(-2).every((answer) => answer.status === 200)
/** Every answer is 200, or 503 with Retry-After: nothing else, no hang. */
function expectOnly200Or503(answers: Answer[]) {
  for (const answer of answers) {
    if (answer.status === 503) expect(answer.retryAfter).toMatch(/^\d+$/)
    else expect(answer.status).toBe(200)
  }
}

describe.skipIf(process.env.TEST_DB !== 'postgres')('a database outage on a real PostgreSQL', () => {
  beforeAll(async () => {
    cluster = await startCluster()
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storageops-outage-'))
    port = await freePort()
    await startServer()
    expect((await call('POST', '/api/auth', { email: 'admin@example.com', password: 'admin-demo' })).status).toBe(200)
  }, 200_000)
  afterAll(async () => {
    await stopServer()
    await cluster?.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  test('PostgreSQL stopped: 503 with Retry-After at once, and the server recovers by itself', async () => {
    expect(allUp(await poll(allUp))).toBe(true)
    const stoppedAt = performance.now()
    await cluster.halt()
    const down = await poll((answers) => answers.filter((answer) => answer.status === 503).length >= 20)
    expectOnly200Or503(down)
    const slowest = Math.max(...down.map((answer) => answer.ms))
    expect(slowest).toBeLessThan(HANG_MS)
    const restartAt = performance.now()
    await cluster.start()
    const back = await poll(allUp)
    expectOnly200Or503(back)
    const first503 = down.find((answer) => answer.status === 503)!
    console.log(
      `[outage stop] ${down.length} requests while stopped, slowest ${seconds(slowest)}; first 503 ` +
        `${seconds(first503.at - stoppedAt)} after the fast shutdown began; serving again ` +
        `${seconds(back.at(-1)!.at - restartAt)} after PostgreSQL was started`,
    )
  }, 120_000)

  test('PostgreSQL frozen (SIGSTOP): every request answers 503 instead of hanging, and recovers on SIGCONT', async () => {
    expect(allUp(await poll(allUp))).toBe(true)
    cluster.freeze()
    try {
      const frozen = await poll((answers) => answers.filter((answer) => answer.status === 503).length >= 10)
      expectOnly200Or503(frozen)
      const latencies = frozen.filter((answer) => answer.status === 503).map((answer) => answer.ms)
      expect(Math.max(...latencies)).toBeLessThan(HANG_MS)
      console.log(
        `[outage freeze] ${frozen.length} requests while frozen: 503 with Retry-After after ` +
          `${seconds(Math.min(...latencies))}–${seconds(Math.max(...latencies))}`,
      )
    } finally {
      cluster.thaw()
    }
    const thawedAt = performance.now()
    const back = await poll(allUp)
    expectOnly200Or503(back)
    console.log(`[outage freeze] serving again ${seconds(back.at(-1)!.at - thawedAt)} after SIGCONT`)
  }, 120_000)

  test('a server started while PostgreSQL is down answers 503 until it is up, then serves', async () => {
    const stopping = performance.now()
    await stopServer()
    console.log(`[outage start] the server stopped ${seconds(performance.now() - stopping)} after SIGTERM`)
    await cluster.halt()
    await startServer(/answering 503 until it is/)
    const waiting = await poll((answers) => answers.length >= 4)
    expect(waiting.map((answer) => answer.status)).toEqual([503, 503, 503, 503])
    expectOnly200Or503(waiting)
    const startedAt = performance.now()
    await cluster.start()
    const back = await poll(allUp, 90_000)
    expectOnly200Or503(back)
    console.log(
      `[outage start] 503 while PostgreSQL was down; serving ${seconds(back.at(-1)!.at - startedAt)} after it started`,
    )
  }, 200_000)
})
