import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/** What a web build is made of: a build older than any of these measures screens that are no longer there. */
const WEB_SOURCES = ['apps/web', 'packages']
const NOT_SOURCES = new Set(['node_modules', 'dist', 'e2e', 'test-results'])

/** The newest modification time of the files under `paths` (dependencies, builds and journeys left out), in ms. */
export function newestChange(paths: readonly string[]): number {
  let newest = 0
  const visit = (file: string) => {
    const stat = fs.statSync(file, { throwIfNoEntry: false })
    if (!stat) return
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(file)) if (!NOT_SOURCES.has(entry)) visit(path.join(file, entry))
    } else if (!file.endsWith('.tsbuildinfo')) newest = Math.max(newest, stat.mtimeMs)
  }
  for (const file of paths) visit(file)
  return newest
}

/**
 * A production web build for the browser benchmarks: WEB_DIST as given; else apps/web/dist when it is newer than every
 * web source (as `npm run build` leaves it), else built there now.
 */
export function webDist(): string {
  if (process.env.WEB_DIST) return path.resolve(process.env.WEB_DIST)
  const outDir = path.resolve('apps/web/dist')
  const built = fs.statSync(path.join(outDir, 'index.html'), { throwIfNoEntry: false })
  if (built && built.mtimeMs > newestChange(WEB_SOURCES)) return outDir
  console.warn(`${built ? 'apps/web/dist is older than the web sources' : 'No apps/web/dist'}: building it.`)
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: 'apps/web', stdio: 'inherit' })
  if (build.status !== 0) throw new Error('web build failed')
  return outDir
}
