import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { buildPostgresSnapshot } from '../apps/server/src/test/seed-snapshot.ts'
import { aptInstall } from './apt-install.mjs'

/** Vitest global setup: a throwaway cluster (installs Debian's postgresql as root when missing); provides `pgUrl` and `seedSnapshot`. */

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string
  }
}

function findBinDir(): string | null {
  const fromPath = (() => {
    try {
      return path.dirname(fs.realpathSync(execFileSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).trim()))
    } catch {
      return null
    }
  })()
  if (fromPath) return fromPath
  const root = '/usr/lib/postgresql'
  if (!fs.existsSync(root)) return null
  const versions = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))
  for (const version of versions) {
    const dir = path.join(root, version, 'bin')
    if (fs.existsSync(path.join(dir, 'initdb'))) return dir
  }
  return null
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0

function ensureBinaries(): string {
  let binDir = findBinDir()
  if (!binDir && isRoot()) {
    aptInstall(['postgresql'], 'PostgreSQL server binaries (initdb, postgres)')
    binDir = findBinDir()
  }
  if (!binDir)
    throw new Error('PostgreSQL server binaries (initdb, postgres) not found; install the postgresql package')
  return binDir
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

async function waitForPort(port: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const isOpen = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end()
        resolve(true)
      })
      socket.on('error', () => resolve(false))
    })
    if (isOpen) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`PostgreSQL did not open port ${port}`)
}

/** Waits until the server takes queries: it opens its port while still 'starting up' (57P03). */
async function waitForReady(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const client = new pg.Client({ connectionString: url })
    try {
      await client.connect()
      await client.query('select 1')
      return
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    } finally {
      await client.end().catch(() => {})
    }
  }
}

/** A throwaway cluster; halt/start, freeze/thaw are for outage tests (apps/server/src/db/outage.test.ts). */
export interface Cluster {
  url: string
  /** Stops the server and removes its files (not the data of a cluster started with keepIn). */
  stop(): Promise<void>
  /** Stops the server (fast shutdown), keeping its data; start() brings it back on the same port. */
  halt(): Promise<void>
  start(): Promise<void>
  /** SIGSTOP to the server and all its backends: sockets stay open, nothing answers. thaw() sends SIGCONT. */
  freeze(): void
  thaw(): void
}

/** Process ids under `root` (its children, theirs, …), read from /proc. */
function descendantsOf(root: number): number[] {
  const parents = new Map<number, number>()
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch {
      // The process ended meanwhile.
    }
  }
  const found: number[] = []
  const walk = (pid: number) => {
    for (const [child, parent] of parents)
      if (parent === pid) {
        found.push(child)
        walk(child)
      }
  }
  walk(root)
  return found
}

/**
 * Starts a cluster and returns its URL and controls. Used by vitest, the e2e runner and benchmarks. With `keepIn`
 * (a benchmark's seeded cluster) its data lives in that folder, made on the first start and kept by stop().
 */
export async function startCluster(options: { keepIn?: string } = {}): Promise<Cluster> {
  const binDir = ensureBinaries()
  // The socket folder stays short and temporary: a Unix socket's path is limited to 107 bytes.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storageops-pg-'))
  const dataDir = options.keepIn ? path.resolve(options.keepIn, 'data') : path.join(dir, 'data')
  // initdb refuses to run as root: run the server as the postgres system user then.
  const asUser = isRoot() ? ['runuser', '-u', 'postgres', '--'] : []
  const postgresOwns = (folder: string) =>
    fs.chownSync(
      folder,
      Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
      Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
    )
  if (isRoot()) postgresOwns(dir)
  const run = (command: string, args: string[]) => {
    const [file, ...rest] = [...asUser, path.join(binDir, command), ...args]
    execFileSync(file!, rest, { stdio: 'pipe' })
  }
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    if (isRoot()) postgresOwns(dataDir)
    run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'])
  }
  const port = await freePort()
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  const [file, ...rest] = [
    ...asUser,
    path.join(binDir, 'postgres'),
    '-D',
    dataDir,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=200',
  ]
  let child: ChildProcess | null = null
  const start = async () => {
    child = spawn(file, rest, { stdio: 'ignore' })
    await waitForPort(port, 30_000)
    await waitForReady(url, 30_000)
  }
  const signalAll = (signal: NodeJS.Signals) => {
    if (!child?.pid) return
    for (const pid of [child.pid, ...descendantsOf(child.pid)])
      try {
        process.kill(pid, signal)
      } catch {
        // The process ended meanwhile.
      }
  }
  const halt = async () => {
    const running = child
    if (!running || running.exitCode !== null) return
    // Fast shutdown (SIGINT) ends open sessions too; runuser (util-linux) ignores SIGINT, so the server gets it.
    const exited = new Promise((resolve) => running.once('exit', resolve))
    const within = (ms: number) =>
      Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))])
    signalAll('SIGCONT')
    const postmaster = asUser.length > 0 ? descendantsOf(running.pid!)[0] : running.pid
    if (postmaster) process.kill(postmaster, 'SIGINT')
    else running.kill('SIGTERM')
    // After a freeze and thaw a fast shutdown can wait forever on a backend: then immediate, then kill.
    if (!(await within(10_000))) {
      if (postmaster) process.kill(postmaster, 'SIGQUIT')
      if (!(await within(5_000))) signalAll('SIGKILL')
    }
    await exited
    child = null
  }
  await start()
  return {
    url,
    start,
    halt,
    freeze: () => signalAll('SIGSTOP'),
    thaw: () => signalAll('SIGCONT'),
    stop: async () => {
      signalAll('SIGCONT')
      await halt()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startCluster()
  project.provide('pgUrl', cluster.url)
  try {
    const { snapshot, remove } = await buildPostgresSnapshot(cluster.url)
    project.provide('seedSnapshot', snapshot)
    return async () => {
      remove()
      await cluster.stop()
    }
  } catch (error) {
    await cluster.stop()
    throw error
  }
}
