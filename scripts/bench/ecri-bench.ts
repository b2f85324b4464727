import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import {
  EcriRuleSetInput,
  ecriRuleSetsResource,
  type EcriCandidatePage,
  type EcriRentRoll,
  type EcriRun,
} from '@storageops/contracts/ecri'
import { buildApp } from '../../apps/server/src/app.ts'
import { openDatabase, type Db } from '../../apps/server/src/db/client.ts'
import { ecriRuleSets, ecriRuns, roles, users } from '../../apps/server/src/db/schema.ts'
import { loadEnv } from '../../apps/server/src/env.ts'
import { runRentRollRefresh, startRentRollRefresh } from '../../apps/server/src/features/ecri/ecri-rent-roll.ts'
import {
  computeEcriRun,
  dropEcriCandidates,
  startEcriRun,
  type EcriRunTimings,
} from '../../apps/server/src/features/ecri/ecri.service.ts'
import { ssmClientFor } from '../../apps/server/src/integrations/ssm/client.ts'
import { startSsmStandIn } from '../../apps/server/src/integrations/ssm/stand-in.ts'
import type { AdminSession } from '../../apps/server/src/lib/admin-session.ts'
import { toAdminUser } from '../../apps/server/src/lib/session.ts'
import { demoSsmData } from '../../apps/server/src/seed/ssm-data.ts'
import { seedDemoData } from '../../apps/server/src/seed/seed.ts'
import { localFileStorage } from '../../apps/server/src/integrations/files/storage.ts'

/** The SSM stand-in in a process of its own over `url` (its generation is the system's work, not the server's). */
async function standInProcess(url: string): Promise<{ url: string; stop(): void }> {
  const child = spawn('npx', ['tsx', 'scripts/bench/ssm-stand-in-process.ts'], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const ssmUrl = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim().split('\n')[0]!))
    child.once('exit', (code) => reject(new Error(`SSM stand-in process ended (${code})`)))
  })
  return { url: ssmUrl, stop: () => child.kill('SIGTERM') }
}

async function adminOf(db: Db): Promise<AdminSession> {
  const [admin] = await db
    .select({ user: users, role: roles })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(eq(users.email, 'admin@example.com'))
  return { id: 0, kind: 'admin', user: toAdminUser(admin!.user, admin!.role), expiresAt: new Date() }
}

const seconds = (started: number) => `${((performance.now() - started) / 1000).toFixed(2)} s`

/**
 * Issue 32's figures at one scale: refreshing the kept rent roll from the system (SOAP) twice (the first with the
 * stand-in generating its data), then computing the candidates of every lease of the operator from it (the rules,
 * the rows stored, the indexes) twice, then the preview's first reads (decision 030). Its rule set and runs are deleted afterwards.
 */
async function measure(label: string, db: Db, ssmUrl: string, dataDir: string): Promise<string[]> {
  const env = loadEnv({ DATA_DIR: dataDir, DEMO_MODE: 'false', LOG_LEVEL: 'silent' })
  const app = await buildApp({ env, db, ssm: ssmClientFor(env, ssmUrl), webDist: path.join(dataDir, 'no-web') })
  const lines: string[] = []
  const actor = await adminOf(db)
  const [ruleSet] = await db
    .insert(ecriRuleSets)
    .values(EcriRuleSetInput.parse({ ...ecriRuleSetsResource.example, name: `Bench ${Date.now()}` }))
    .returning()
  const runs: number[] = []
  try {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { host: 'admin.localhost' },
      payload: { email: 'admin@example.com', password: 'admin-demo' },
    })
    const token = signIn.json<{ token?: string }>().token
    const get = async (url: string) => {
      const started = performance.now()
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { host: 'admin.localhost', authorization: `Bearer ${token}` },
      })
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`)
      return { ms: performance.now() - started, body: response.json<unknown>() }
    }
    // The kept rent roll's refresh (decision 030), in the background in the app; the first with the stand-in generating.
    for (const attempt of ['first (stand-in generating)', 'again']) {
      const started = performance.now()
      const refresh = await startRentRollRefresh(db, 'nightly')
      await runRentRollRefresh({ db, ssm: app.ssm }, refresh.id)
      const kept = (await get('/api/ecri/rent_roll')).body as EcriRentRoll
      lines.push(
        `${label}: refreshing the kept rent roll, ${attempt}: ${seconds(started)} (${kept.refresh?.status}${kept.refresh?.error ? `: ${kept.refresh.error}` : ''}; ${kept.leases.toLocaleString('en-US')} leases at ${kept.facilities.toLocaleString('en-US')} facilities; load ${os.loadavg()[0]!.toFixed(1)})`,
      )
    }
    for (const attempt of ['first', 'again']) {
      const { id } = await startEcriRun(db, ruleSet!.id, actor)
      runs.push(id)
      const started = performance.now()
      const timings: EcriRunTimings = { refresh: 0, rules: 0, store: 0, indexes: 0 }
      const cpu = process.cpuUsage()
      await computeEcriRun({ db, ssm: app.ssm }, id, timings)
      const computed = seconds(started)
      const used = process.cpuUsage(cpu)
      const spent = Object.entries(timings)
        .map(([phase, ms]) => `${phase.replace('_', ' ')} ${(ms / 1000).toFixed(2)} s`)
        .join(', ')
      const run = (await get(`/api/ecri/runs/${id}`)).body as EcriRun
      lines.push(
        `${label}: candidates of ${run.leases.toLocaleString('en-US')} leases at ${run.facilities.toLocaleString('en-US')} facilities from the kept rent roll, ${attempt}: ${computed} (${run.status}${run.error ? `: ${run.error}` : ''}; eligible ${run.eligible.toLocaleString('en-US')}; facilities not kept: ${run.missing_facilities.length}); ${spent}; the server's CPU ${((used.user + used.system) / 1e6).toFixed(2)} s; load ${os.loadavg()[0]!.toFixed(1)}`,
      )
    }
    const id = runs.at(-1)!
    if (!token) throw new Error('The demo superadmin could not sign in')
    const summary = await get(`/api/ecri/runs/${id}`)
    const first = await get(`/api/ecri/runs/${id}/candidates?limit=25`)
    const byChange = await get(`/api/ecri/runs/${id}/candidates?limit=25&status=eligible&sort=change_cents&order=desc`)
    const reason = await get(`/api/ecri/runs/${id}/candidates?limit=25&excluded=tenure&offset=500`)
    const facilities = await get(`/api/ecri/runs/${id}/facilities?limit=25&sort=monthly_change_cents&order=desc`)
    lines.push(
      `${label}: preview after: run summary ${summary.ms.toFixed(0)} ms, first page ${first.ms.toFixed(0)} ms (count ${(first.body as EcriCandidatePage).count.toLocaleString('en-US')}), by change desc ${byChange.ms.toFixed(0)} ms, one exclusion at offset 500 ${reason.ms.toFixed(0)} ms, facilities by change ${facilities.ms.toFixed(0)} ms`,
    )
  } finally {
    for (const id of runs) await dropEcriCandidates(db, id)
    if (runs.length) await db.delete(ecriRuns).where(inArray(ecriRuns.id, runs))
    await db.delete(ecriRuleSets).where(eq(ecriRuleSets.id, ruleSet!.id))
    await app.close()
  }
  return lines
}

const SCALES = (
  [
    [1, process.env.BENCH_ECRI_DB1],
    [27, process.env.BENCH_ECRI_DB27],
  ] as const
).filter(([scale]) => (process.env.BENCH_SCALES ?? '1,27').split(',').map(Number).includes(scale))

/**
 * `BENCH_SCALES` (as the scale bench's: `1,27`) picks the scales.
 * `BENCH_ECRI_DB27` / `BENCH_ECRI_DB1`: URLs of copies of databases seeded at scale 27 and 1 (written to: the bench
 * migrates them and adds, then deletes, its runs). Without the scale-1 URL, scale 1 is seeded on PGlite with the
 * stand-in in process.
 */
export async function runEcriBench(): Promise<string[]> {
  const lines: string[] = []
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storageops-ecri-bench-'))
  try {
    for (const [scale, url] of SCALES) {
      if (url) {
        const database = await openDatabase({ url })
        const standIn = await standInProcess(url)
        try {
          lines.push(...(await measure(`scale ${scale} (PostgreSQL)`, database.db, standIn.url, dataDir)))
        } finally {
          standIn.stop()
          await database.close()
        }
      } else if (scale === 1) {
        const database = await openDatabase({ dataDir: 'memory://' })
        await seedDemoData(database.db, { scale: 1, files: localFileStorage(path.join(dataDir, 'files')) })
        const standIn = await startSsmStandIn(database.db, loadEnv({ LOG_LEVEL: 'silent' }), demoSsmData())
        try {
          lines.push(...(await measure('scale 1 (PGlite, stand-in in process)', database.db, standIn.url, dataDir)))
        } finally {
          await standIn.close()
          await database.close()
        }
      } else lines.push('scale 27: set BENCH_ECRI_DB27 to a copy of a scale-27 database to measure it')
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  return lines
}

if (import.meta.url === `file://${process.argv[1]}`) for (const line of await runEcriBench()) console.log(line)
