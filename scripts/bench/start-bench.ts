import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * Cold and warm `npm start` times: the server on an empty data dir (migrations + demo seed), then
 * again on the same dir. Measured from spawn to the first successful GET /api/docs/json.
 */
async function timeStart(dataDir: string, port: number): Promise<number> {
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  })
  try {
    const deadline = Date.now() + 180_000
    while (Date.now() < deadline) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/docs/json`)
        if (response.ok) return (performance.now() - started) / 1000
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error('server did not start within 180 s')
  } finally {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
  }
}

export async function runStartBench(): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storageops-bench-start-'))
  try {
    const cold = await timeStart(dataDir, 3191)
    const warm = await timeStart(dataDir, 3191)
    return [
      `start, cold (empty data dir: migrations + demo seed): ${cold.toFixed(1)} s`,
      `start, warm (existing data): ${warm.toFixed(1)} s`,
    ]
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
