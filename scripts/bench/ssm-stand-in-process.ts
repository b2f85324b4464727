import { openDatabase } from '../../apps/server/src/db/client.ts'
import { loadEnv } from '../../apps/server/src/env.ts'
import { startSsmStandIn } from '../../apps/server/src/integrations/ssm/stand-in.ts'
import { demoSsmData } from '../../apps/server/src/seed/ssm-data.ts'

/**
 * The SSM stand-in as a process of its own over the database at DATABASE_URL (the operator's system runs on its own
 * machine): prints its URL on the first line and stops on SIGTERM or when its parent's stdin closes.
 */
const env = loadEnv({ ...process.env, LOG_LEVEL: 'silent' })
const database = await openDatabase({ url: env.DATABASE_URL })
const simulator = await startSsmStandIn(database.db, env, demoSsmData())
console.log(simulator.url)
const stop = async () => {
  await simulator.close()
  await database.close()
  process.exit(0)
}
process.on('SIGTERM', () => void stop())
process.stdin.on('end', () => void stop())
process.stdin.resume()
