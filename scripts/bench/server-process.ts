import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

/** The server as `npm start` runs it, in a process of its own, so its memory is its own. */
export interface ServerProcess {
  base: string
  port: number
  /** Resident set size now, in bytes (/proc/<pid>/status VmRSS). */
  rss(): number
  /** Samples RSS every 250 ms until the returned stop(), which answers the largest sample in bytes. */
  sampleRss(): () => number
  stop(): Promise<void>
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kib = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]
  return kib ? Number(kib) * 1024 : NaN
}

/**
 * Starts apps/server/src/server.ts on `databaseUrl` in demo mode (stand-ins for SSM, SMTP and SMS; the demo logins
 * of the seed), its stored files from `filesDir`, the web app from `webDist` when given; ready when /api/health is.
 */
export async function startServerProcess(options: {
  databaseUrl: string
  filesDir: string
  webDist?: string
  env?: Record<string, string>
}): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storageops-bench-server-'))
  fs.mkdirSync(options.filesDir, { recursive: true })
  fs.symlinkSync(path.resolve(options.filesDir), path.join(dataDir, 'files'))
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: dataDir,
      DEMO_MODE: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  // The bench ended without stop() (an error, Ctrl+C): the server goes with it.
  const orphaned = () => child.kill('SIGKILL')
  process.once('exit', orphaned)
  const stop = async () => {
    process.off('exit', orphaned)
    if (child.exitCode === null) child.kill('SIGTERM')
    const killed = setTimeout(() => child.kill('SIGKILL'), 30_000)
    await exited
    clearTimeout(killed)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  const base = `http://127.0.0.1:${port}`
  try {
    for (const deadline = Date.now() + 300_000; ;) {
      if (child.exitCode !== null) throw new Error(`the server ended with code ${child.exitCode}`)
      if (Date.now() > deadline) throw new Error('the server was not ready within 300 s')
      const ready = await fetch(`${base}/api/health`).then(
        (response) => response.ok,
        () => false,
      )
      if (ready) break
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  } catch (error) {
    await stop()
    throw error
  }
  const rss = () => rssOf(child.pid!)
  return {
    base,
    port,
    rss,
    sampleRss() {
      let peak = rss()
      const timer = setInterval(() => {
        if (child.exitCode === null) peak = Math.max(peak, rss())
      }, 250)
      return () => {
        clearInterval(timer)
        return Math.max(peak, child.exitCode === null ? rss() : 0)
      }
    },
    stop,
  }
}
