import http from 'node:http'
import fs from 'node:fs/promises'
import path from 'node:path'
import { buildApp } from './app.ts'
import { fileStorageFor } from './integrations/files/storage.ts'
import { openDatabase, type Database } from './db/client.ts'
import { loadEnv, type Env } from './env.ts'
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
  safeErrorMessage,
} from './lib/db-errors.ts'
import { ssmClientFor } from './integrations/ssm/client.ts'
import { startSsmStandIn } from './integrations/ssm/stand-in.ts'
import { demoSsmData } from './seed/ssm-data.ts'
import { isDatabaseEmpty, seedDemoData } from './seed/seed.ts'
import { startSmtpStandIn } from './integrations/email/smtp-stand-in.ts'
import { startSmsStandIn, type SmsStandIn } from './integrations/sms/sms-stand-in.ts'
import { publicBaseUrl } from './features/communications/channels.ts'
import { scheduleNightlyRentRoll } from './features/ecri/ecri-run.job.ts'

const unavailable: http.RequestListener = (_request, response) => {
  response.writeHead(503, { 'content-type': 'application/json', 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) })
  response.end(JSON.stringify({ error: 'unavailable', message: DATABASE_UNAVAILABLE_MESSAGE }))
}

/** While PostgreSQL is unreachable, a stand-by on PORT answers 503 and the connection is retried every 2 s. */
async function openWhenReachable(env: Env): Promise<{ database: Database; standBy: http.Server | null }> {
  let standBy: http.Server | null = null
  for (;;) {
    try {
      return { database: await openDatabase({ url: env.DATABASE_URL, dataDir: env.dataDir }), standBy }
    } catch (error) {
      if (!env.DATABASE_URL || !isDatabaseUnavailable(error)) throw error
      if (!standBy) {
        standBy = http.createServer(unavailable)
        await new Promise<void>((resolve) => standBy!.listen(env.PORT, env.HOST, resolve))
        console.warn(`PostgreSQL is not reachable (${safeErrorMessage(error)}): answering 503 until it is.`)
      }
      await new Promise((resolve) => setTimeout(resolve, 2000))
    }
  }
}

async function main() {
  const startedAt = performance.now()
  let env = loadEnv()
  await fs.mkdir(path.join(env.dataDir, 'files'), { recursive: true })
  const { database, standBy } = await openWhenReachable(env)
  if (env.demoMode && (await isDatabaseEmpty(database.db))) {
    console.log('First run: seeding demo data…')
    const seeded = await seedDemoData(database.db, { scale: env.SEED_SCALE, files: fileStorageFor(env) })
    console.log(`Seeded ${seeded.facilities} facilities and ${seeded.units} units.`)
  }
  let ssmUrl = env.SSM_URL
  const standIns: Array<{ close(): Promise<void> }> = []
  if (!ssmUrl) {
    if (!env.demoMode)
      console.warn('SSM_URL is not set: field sign-in and unit lists are unavailable outside demo mode.')
    const simulator = await startSsmStandIn(database.db, env, demoSsmData())
    standIns.push(simulator)
    ssmUrl = simulator.url
  }
  if (env.demoMode && !env.SMTP_URL) {
    const smtp = await startSmtpStandIn({ dir: path.join(env.dataDir, 'outbox') })
    standIns.push(smtp)
    env = { ...env, SMTP_URL: smtp.url }
  }
  let smsStandIn: SmsStandIn | null = null
  if (env.demoMode && !env.SMS_URL) {
    smsStandIn = await startSmsStandIn({ dir: path.join(env.dataDir, 'outbox') })
    standIns.push(smsStandIn)
    env = {
      ...env,
      SMS_URL: smsStandIn.url,
      SMS_ACCOUNT_SID: smsStandIn.accountSid,
      SMS_AUTH_TOKEN: smsStandIn.authToken,
      SMS_FROM: env.SMS_FROM ?? '+15005550006',
    }
  }
  const ssm = ssmClientFor(env, ssmUrl)
  const app = await buildApp({
    env,
    db: database.db,
    ssm,
    logger: { level: env.LOG_LEVEL },
    webDist: env.WEB_DIST,
    server: standBy ?? undefined,
  })
  if (standBy) await app.ready()
  else await app.listen({ port: env.PORT, host: env.HOST })
  // Jobs left by an earlier run (a rotation cut short by a restart) continue now.
  await app.jobs.start()
  await scheduleNightlyRentRoll(app)
  const port = (app.server.address() as { port: number }).port
  smsStandIn?.setInboundUrl(`${publicBaseUrl(app)}/api/sms/inbound`)
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1)
  console.log(`
StorageOps is ready in ${seconds} s (${database.kind === 'pglite' ? `embedded PostgreSQL in ${env.dataDir}` : 'PostgreSQL server'}${env.demoMode ? ', demo mode' : ''}).
  Field tool:     http://snapshot.localhost:${port}
  Admin console:  http://admin.localhost:${port}
  API docs:       http://admin.localhost:${port}/api/docs${env.SSM_URL ? '' : `\n  SSM stand-in:   ${ssmUrl}?wsdl (SOAP)`}
${
  env.demoMode
    ? `
Demo logins
  field tool     csagent / snapshot-demo (customer service)
                 pmanager / snapshot-demo (property manager)
                 rmanager / snapshot-demo (regional manager)
  admin console  admin@example.com / admin-demo (superadmin)
                 editor@example.com / editor-demo (Content Editor)
                 cs@example.com / cs-demo (Customer Service)
${
  env.OIDC_ISSUER
    ? ''
    : `  Office 365     the three admin emails and stranger@example.com (no user) / office-demo,
                 at the local identity provider behind 'Login with Office 365'
`
}`
    : ''
}`)
  const shutdown = async () => {
    // In-flight requests get 15 s; a connection that never comes back (after an outage) must not hold the exit.
    setTimeout(() => {
      console.warn('Shutdown took over 15 s: exiting without waiting further.')
      process.exit(1)
    }, 15_000).unref()
    await app.close()
    await Promise.all(standIns.map((standIn) => standIn.close()))
    await database.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown())
  process.once('SIGTERM', () => void shutdown())
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
