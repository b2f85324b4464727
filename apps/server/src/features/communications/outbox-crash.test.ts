import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { inject } from 'vitest'
import type { CommunicationsPage } from '@storageops/contracts/communications'
import type { LeaseTerminationsPage } from '@storageops/contracts/lease-terminations'
import { eventually, startMessagingStandIns, type MessagingStandIns } from '../../test/messaging-stand-ins.ts'

/**
 * The outbox and the notices job survive kill -9 (issue 14): a real server process (the product's own
 * server.ts) sends lease-termination notices and their emails, is killed mid-batch with SIGKILL and started
 * again on the same database; every tenant gets exactly one notice and one email.
 */

const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server.ts')
let standIns: MessagingStandIns
let dataDir: string
let databaseUrl: string | undefined
let dropDatabase = async () => {}
let child: ChildProcess | null = null
const CONCURRENCY = 4

beforeAll(async () => {
  standIns = await startMessagingStandIns()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storageops-crash-'))
  if (process.env.TEST_DB === 'postgres') {
    const adminUrl = inject('pgUrl')
    const name = `crash_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    databaseUrl = adminUrl.replace(/\/postgres$/, `/${name}`)
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    }
  }
})
afterAll(async () => {
  child?.kill('SIGKILL')
  await standIns.close()
  await dropDatabase()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** Starts the server process and resolves with its port once it says it is ready. */
function startServer(): Promise<number> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      ...standIns.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_MODE: 'true',
      SEED_SCALE: '0.02',
      LOG_LEVEL: 'warn',
      NOTICE_PACING_SECONDS: '0.05',
      OUTBOX_CLAIM_TIMEOUT_SECONDS: '2',
      OUTBOX_POLL_MS: '100',
      OUTBOX_CONCURRENCY: String(CONCURRENCY),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    }
    delete env.TEST_DB
    child = spawn(process.execPath, ['--import', 'tsx', serverEntry], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 150_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Admin console:\s+http:\/\/admin\.localhost:(\d+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(Number(match[1]))
      }
    })
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited (${code}):\n${output}`))
    })
  })
}

async function api<T>(port: number, method: string, url: string, token?: string, body?: object): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: {
      host: 'admin.localhost',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  })
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

test(
  'a server killed with SIGKILL mid-batch and started again sends each notice and each email exactly once',
  { timeout: 300_000 },
  async () => {
    let port = await startServer()
    const signIn = () =>
      api<{ token: string }>(port, 'POST', '/api/auth', undefined, {
        email: 'admin@example.com',
        password: 'admin-demo',
      })
    let { token } = await signIn()
    const facility = (await api<Array<{ location_code: string }>>(port, 'GET', '/api/locations', token))[0]!
      .location_code
    const units = (
      await api<{ Unit: Array<{ UnitNumber: string[]; UnitStatus: string[]; TenantId: string[] }> }>(
        port,
        'POST',
        '/api/ssm',
        token,
        {
          service_name: 'GetUnitsList',
          xml_body: { strLocationCode: facility, strSearchType: '4', strSearchString: '', strSortType: '0' },
        },
      )
    ).Unit.filter((unit) => unit.UnitStatus[0] === 'Rented')
    const tenantUnits = new Map<string, string>()
    for (const unit of units)
      if (!tenantUnits.has(unit.TenantId[0]!)) tenantUnits.set(unit.TenantId[0]!, unit.UnitNumber[0]!)
    const chosen = [...tenantUnits.values()].slice(0, 30)

    standIns.smtp.setDelay(60)
    const accepted = await api<{ ids: number[]; notices: number }>(
      port,
      'POST',
      '/api/notices/lease_termination_notice',
      token,
      {
        locationCode: facility,
        unit_numbers: chosen,
        termination_type: 'Termination',
        form_date: new Date(Date.now() + 86_400_000 * 20).toLocaleDateString('en-CA'),
        time: '12:00',
        reason_and_notes: 'Breach of Lease: Damage to the unit or facility',
      },
    )
    expect(accepted.notices).toBe(chosen.length)
    // Only this batch's emails count: the demo data queues messages of its own (the seeded rate uploads' notices).
    const keys = new Set(accepted.ids.map((id) => `lease-termination/${id}#email`))
    const ownAccepted = () => standIns.smtp.acceptedKeys.filter((key) => keys.has(key)).length

    await eventually(async () => ownAccepted() >= 8, 60_000)
    const before = ownAccepted()
    child!.kill('SIGKILL')
    await new Promise((resolve) => child!.once('exit', resolve))
    expect(before).toBeLessThan(chosen.length)

    port = await startServer()
    ;({ token } = await signIn())
    const history = await eventually(async () => {
      const page = await api<LeaseTerminationsPage>(port, 'GET', '/api/lease_terminations?limit=100', token)
      const rows = page.rows.filter((row) => accepted.ids.includes(row.id))
      return rows.length === chosen.length && rows.every((row) => row.status === 'sent') && rows
    }, 120_000)
    const emails = await eventually(async () => {
      const page = await api<CommunicationsPage>(port, 'GET', '/api/communications?limit=100', token)
      const rows = page.rows.filter((row) => keys.has(row.idempotency_key))
      return rows.length === chosen.length && rows.every((row) => row.status === 'sent') && rows
    }, 120_000)

    expect(new Set(history.map((row) => row.notice_path)).size).toBe(chosen.length)
    const recipients = emails.map((row) => row.prospect.email_address)
    expect(new Set(recipients).size).toBe(chosen.length)
    const kept = standIns.smtp.messages.filter((message) => keys.has(message.key)).map((message) => message.to[0])
    for (const recipient of recipients)
      expect(
        kept.filter((to) => to === recipient),
        recipient!,
      ).toHaveLength(1)
    // SMTP cannot be asked what it received: at most the messages in flight at the kill went twice on the wire, with their Message-ID.
    expect(ownAccepted()).toBeLessThanOrEqual(chosen.length + CONCURRENCY)
    child!.kill('SIGTERM')
  },
)
