import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { BulkEditRow } from '../../packages/contracts/src/locations.ts'
import { openDatabase } from '../../apps/server/src/db/client.ts'
import { loadEnv } from '../../apps/server/src/env.ts'
import { localFileStorage } from '../../apps/server/src/integrations/files/storage.ts'
import { seedDemoData } from '../../apps/server/src/seed/seed.ts'
import { startBenchApp } from './seeded-server.ts'

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/**
 * The locations admin API on embedded PGlite with the demo operator (scale 1, about 150 locations):
 * the admin list with payment keys decrypted and masked, the bulk-edit rows, and 'Update All Pages'
 * saving every row in one transaction. Median of several runs through app.inject (no network).
 */
export async function runLocationsBench(): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storageops-bench-locations-'))
  const env = loadEnv({ DATA_DIR: dataDir, DEMO_MODE: 'true', LOG_LEVEL: 'silent' })
  const database = await openDatabase({ dataDir: 'memory://' })
  await seedDemoData(database.db, { scale: 1, files: localFileStorage(path.join(dataDir, 'files')) })
  const { app, close } = await startBenchApp(database.db, env, { webDist: path.join(dataDir, 'no-web') })
  const lines: string[] = []
  try {
    await app.ready()
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { host: 'admin.localhost' },
      payload: { email: 'admin@example.com', password: 'admin-demo' },
    })
    const headers = { host: 'admin.localhost', authorization: `Bearer ${login.json<{ token: string }>().token}` }
    const list = (await app.inject({ method: 'GET', url: '/api/locations?role=admin', headers })).json<
      Array<{ id: number }>
    >()
    // Every location gets both payment keys, so the list decrypts and masks 2 × N secrets.
    for (const location of list) {
      const one = (await app.inject({ method: 'GET', url: `/api/locations/${location.id}`, headers })).json<
        Record<string, unknown>
      >()
      await app.inject({
        method: 'PUT',
        url: `/api/locations/${location.id}`,
        headers,
        payload: {
          ...one,
          xwebauthkey: `WEB-KEY-${location.id}-0000`,
          kiosk_xwebauthkey: `KIOSK-KEY-${location.id}-1111`,
        },
      })
    }
    const time = async (runs: number, call: () => Promise<unknown>) => {
      const times: number[] = []
      for (let run = 0; run < runs; run++) {
        const start = performance.now()
        await call()
        times.push(performance.now() - start)
      }
      return median(times).toFixed(1)
    }
    lines.push(`locations: ${list.length}`)
    lines.push(
      `GET /api/locations?role=admin (2 keys each decrypted and masked): median ${await time(15, () => app.inject({ method: 'GET', url: '/api/locations?role=admin', headers }))} ms`,
    )
    lines.push(
      `GET /api/locations_bulk_edit: median ${await time(15, () => app.inject({ method: 'GET', url: '/api/locations_bulk_edit', headers }))} ms`,
    )
    const rows = (await app.inject({ method: 'GET', url: '/api/locations_bulk_edit', headers })).json<BulkEditRow[]>()
    const body = {
      rows: rows.map(({ id: _id, name: _name, city: _city, state: _state, ...row }) => ({
        ...row,
        title: `${row.title} `,
      })),
    }
    lines.push(
      `PUT /api/locations_bulk_edit, all ${rows.length} rows in one transaction: median ${await time(5, async () => {
        const response = await app.inject({ method: 'PUT', url: '/api/locations_bulk_edit', headers, payload: body })
        if (response.statusCode !== 200) throw new Error(`bulk save failed: ${response.body}`)
      })} ms`,
    )
  } finally {
    await close()
    await database.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  return lines
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await runLocationsBench()) console.log(line)
}
