import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** A production web build for the browser benchmarks: WEB_DIST, else apps/web/dist, else one built into a temp folder. */
export function webDist(): string {
  for (const candidate of [process.env.WEB_DIST, 'apps/web/dist']) {
    if (candidate && fs.existsSync(path.join(candidate, 'index.html'))) return path.resolve(candidate)
  }
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storageops-bench-web-'))
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir], {
    cwd: 'apps/web',
    stdio: 'inherit',
  })
  if (build.status !== 0) throw new Error('web build failed')
  return outDir
}
