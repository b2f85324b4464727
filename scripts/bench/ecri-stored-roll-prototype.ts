import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import { finished } from 'node:stream/promises'
import pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'
import { ecriEffectiveDate, evaluateLease, type EcriLease, type EcriRules } from '@storageops/contracts/ecri-rules'
import { ecriRuleSetsResource } from '@storageops/contracts/ecri'
import { openDatabase } from '../../apps/server/src/db/client.ts'
import { copyLine, openCopy } from '../../apps/server/src/db/copy.ts'
import { loadEnv } from '../../apps/server/src/env.ts'
import { readRentRoll } from '../../apps/server/src/features/ecri/ssm-rent-roll.ts'
import { ssmClientFor } from '../../apps/server/src/integrations/ssm/client.ts'

/**
 * Decision 030's prototype (not part of the app): a rent roll kept in our database, and a run that reads it
 * instead of the system. `PROTO_DB` is a copy of a seeded database (written to: tables proto_*).
 * PROTO_STEPS=refresh,run (default both). Prints each stage's time.
 */
const url = process.env.PROTO_DB
if (!url) throw new Error('PROTO_DB: a copy of a seeded database')
const steps = (process.env.PROTO_STEPS ?? 'refresh,run').split(',')
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`

const database = await openDatabase({ url })
const { db } = database
const pool = new pg.Pool({ connectionString: url, max: 4 })

const ROLL_COLUMNS = [
  'location_code',
  'tenant_id',
  'tenant_name',
  'lease_no',
  'unit_no',
  'unit_type_id',
  'rent_cents',
  'street_cents',
  'scheduled_cents',
  'moved_in',
  'rent_last_changed',
  'paid_thru',
  'military',
  'do_not_increase',
] as const

if (steps.includes('refresh')) {
  const child = spawn('npx', ['tsx', 'scripts/bench/ssm-stand-in-process.ts'], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const ssmUrl = await new Promise<string>((resolve) =>
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim().split('\n')[0]!)),
  )
  const env = loadEnv({ DEMO_MODE: 'false', LOG_LEVEL: 'silent' })
  const ssm = ssmClientFor(env, ssmUrl)
  await pool.query('drop table if exists proto_rent_roll')
  await pool.query(`create table proto_rent_roll (
    id integer generated always as identity primary key,
    location_code text not null, tenant_id text not null, tenant_name text not null, lease_no text not null,
    unit_no text not null, unit_type_id integer not null, rent_cents integer not null, street_cents integer,
    scheduled_cents integer, moved_in text, rent_last_changed text, paid_thru text,
    military boolean not null, do_not_increase boolean not null)`)
  const codes = (await pool.query<{ code: string }>('select location_code as code from locations order by 1')).rows.map(
    (row) => row.code,
  )
  for (const pass of ['first (stand-in generating)', 'again']) {
    await pool.query('truncate proto_rent_roll')
    const started = performance.now()
    let waiting = 0
    let writing = 0
    let leases = 0
    const copy = await openCopy(db, 'proto_rent_roll', ROLL_COLUMNS)
    const roll = readRentRoll(ssm, codes)
    for (;;) {
      let at = performance.now()
      const next = await roll.next()
      waiting += performance.now() - at
      if (next.done) break
      at = performance.now()
      let lines = ''
      for (const lease of next.value.leases) {
        const code = lease.location_code.toUpperCase()
        lines += copyLine([
          code,
          lease.tenant_id,
          lease.tenant_name,
          lease.lease_no,
          lease.unit_no,
          lease.unit_type_id,
          lease.rent_cents,
          next.value.streetRates.get(`${code}|${lease.unit_type_id}`) ?? null,
          lease.scheduled?.rent_cents ?? null,
          lease.moved_in,
          lease.rent_last_changed,
          lease.paid_thru,
          lease.military,
          lease.do_not_increase,
        ])
      }
      leases += next.value.leases.length
      await copy.write(lines)
      writing += performance.now() - at
    }
    let at = performance.now()
    await copy.end()
    writing += performance.now() - at
    at = performance.now()
    await pool.query('create index if not exists proto_rent_roll_facility on proto_rent_roll (location_code)')
    await pool.query('analyze proto_rent_roll')
    console.log(
      `refresh ${pass}: ${leases.toLocaleString('en-US')} leases in ${s(performance.now() - started)} (waiting on the system ${s(waiting)}, COPY lines and writes ${s(writing)}, index+analyze ${s(performance.now() - at)})`,
    )
  }
  child.kill('SIGTERM')
}

/** CPU seconds (user + system) of processes, from /proc (PostgreSQL's backends run on this machine). */
function cpuOf(pids: readonly number[]): number {
  let ticks = 0
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // ended
    }
  }
  return ticks / 100
}
const backends = async () =>
  (
    await pool.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    )
  ).rows.map((row) => row.pid)
const nodeCpu = () => {
  const usage = process.cpuUsage()
  return (usage.user + usage.system) / 1e6
}

if (steps.includes('run')) {
  const rules: EcriRules = { ...(ecriRuleSetsResource.example as unknown as EcriRules), excluded_facilities: [] }
  const today = new Date().toISOString().slice(0, 10)
  const context = { today, effective_date: ecriEffectiveDate(today, 30, rules.effective_day), max_increase_percent: 10 }
  const variants = (process.env.PROTO_VARIANTS ?? 'full,eligible').split(',')
  // The stored facts in the candidates' column order: COPY's text passes through verbatim.
  const FACTS = [
    'location_code',
    'tenant_id',
    'tenant_name',
    'lease_no',
    'unit_no',
    'unit_type_id',
    'street_cents',
    'moved_in',
    'rent_last_changed',
    'paid_thru',
    'military',
    'do_not_increase',
    'old_cents',
    'scheduled',
  ]
  const OUTCOME = [
    'proposed_cents',
    'new_cents',
    'change_cents',
    'change_bp',
    'chosen',
    'excluded',
    'tenure_months',
    'months_since_increase',
    'days_past_due',
  ]
  for (const variant of variants) {
    const table = `proto_candidates_${variant}`
    await pool.query(`drop table if exists ${table}`)
    await pool.query(
      `create unlogged table ${table} (id serial, run_id integer not null default 1, location_code text not null, tenant_id text not null, tenant_name text not null, lease_no text not null, unit_no text not null, unit_type_id integer not null, old_cents integer not null, street_cents integer, proposed_cents integer not null, new_cents integer not null, change_cents integer not null, change_bp integer not null, overridden boolean not null default false, chosen boolean not null, excluded text, tenure_months integer not null, months_since_increase integer not null, days_past_due integer not null, moved_in text not null, rent_last_changed text, paid_thru text, military boolean not null, do_not_increase boolean not null, auction_winner boolean not null default false, scheduled boolean not null)`,
    )
    const before = { node: nodeCpu(), pg: cpuOf(await backends()) }
    const started = performance.now()
    let leases = 0
    let eligible = 0
    let rowsOut = 0
    const copy = await openCopy(db, table, [...FACTS, ...OUTCOME])
    const reader = await pool.connect()
    const stream = reader.query(
      copyTo(
        `copy (select r.location_code, tenant_id, tenant_name, lease_no, unit_no, unit_type_id, street_cents, coalesce(moved_in, '${today}'), rent_last_changed, paid_thru, military, do_not_increase, rent_cents, scheduled_cents is not null from proto_rent_roll r order by r.location_code, unit_no) to stdout`,
      ),
    )
    let rest = ''
    let out = ''
    const nil = (value: string) => (value === '\\N' ? null : value)
    const handle = (text: string) => {
      const chunk = rest + text
      const end = chunk.lastIndexOf('\n')
      rest = chunk.slice(end + 1)
      for (const line of chunk.slice(0, end).split('\n')) {
        const f = line.split('\t')
        const lease: EcriLease = {
          location_code: f[0]!,
          rent_cents: +f[12]!,
          street_cents: f[6] === '\\N' ? null : +f[6]!,
          moved_in: f[7]!,
          rent_last_changed: nil(f[8]!),
          paid_thru: nil(f[9]!),
          scheduled: f[13] === 't',
          military: f[10] === 't',
          do_not_increase: f[11] === 't',
          auction_winner: false,
        }
        const outcome = evaluateLease(lease, rules, context)
        leases++
        if (!outcome.excluded) eligible++
        if (variant === 'eligible' && outcome.excluded && outcome.excluded !== 'below_minimum') continue
        rowsOut++
        out += `${line}\t${outcome.new_cents}\t${outcome.new_cents}\t${outcome.change_cents}\t${outcome.change_bp}\t${outcome.excluded === null ? 't' : 'f'}\t${outcome.excluded ?? '\\N'}\t${outcome.tenure_months}\t${outcome.months_since_increase}\t${outcome.days_past_due}\n`
      }
    }
    const writes: Promise<void>[] = []
    stream.setEncoding('utf8')
    stream.on('data', (text: string) => {
      handle(text)
      if (out.length > 1 << 20) {
        writes.push(copy.write(out))
        out = ''
      }
    })
    await finished(stream)
    writes.push(copy.write(out))
    await Promise.all(writes)
    const pids = await backends()
    const readPg = cpuOf(pids)
    reader.release()
    await copy.end()
    const loaded = performance.now()
    const afterLoad = { node: nodeCpu(), pg: readPg }
    const indexes = [
      '(run_id, id)',
      '(run_id, location_code, unit_no)',
      '(run_id, change_cents)',
      '(run_id, change_bp)',
      '(run_id, tenure_months)',
    ]
    // Two connections build the indexes side by side (CREATE INDEX takes a share lock: they do not block each other).
    const builders = await Promise.all([pool.connect(), pool.connect()])
    const builderPids = await Promise.all(
      builders.map(async (client) => (await client.query('select pg_backend_pid() as pid')).rows[0].pid as number),
    )
    const indexCpu0 = cpuOf(builderPids)
    const queue = [...indexes.entries()]
    await Promise.all(
      builders.map(async (client) => {
        for (let next = queue.shift(); next; next = queue.shift())
          await client.query(`create index ${table}_${next[0]} on ${table} ${next[1]}`)
      }),
    )
    const indexCpu = cpuOf(builderPids) - indexCpu0
    for (const client of builders) client.release()
    const indexed = performance.now()
    const size = (await pool.query(`select pg_size_pretty(pg_total_relation_size('${table}')) as size`)).rows[0].size
    console.log(
      `run ${variant}: ${leases.toLocaleString('en-US')} leases (eligible ${eligible.toLocaleString('en-US')}, ${rowsOut.toLocaleString('en-US')} rows stored) in ${s(indexed - started)} wall: read+rules+COPY ${s(loaded - started)}, ${indexes.length} indexes (2 connections) ${s(indexed - loaded)}; CPU: node ${(afterLoad.node - before.node).toFixed(2)} s, PostgreSQL read+load ${(afterLoad.pg - before.pg).toFixed(2)} s (backends of this database), indexes ${indexCpu.toFixed(2)} s; ${size}; load ${os.loadavg()[0]!.toFixed(1)}`,
    )
  }
}
await pool.end()
await database.close()
