import { spawnSync } from 'node:child_process'
import { ensureChromium } from './ensure-chromium.mjs'

/**
 * Runs the browser journeys: Chromium from Debian, a fresh web build, then Playwright (other arguments go to it).
 * `--build-only` stops after the build, `--no-build` uses the last one (npm test times the two apart). Exit code =
 * the build's when it fails, else Playwright's.
 */
const flags = new Set(['--build-only', '--no-build'])
const buildOnly = process.argv.includes('--build-only')
if (!buildOnly) ensureChromium()
// WEB_DIST lets parallel runs build into their own folder; the server serves the same folder.
const outDir = process.env.WEB_DIST ?? 'dist'
if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir], {
    cwd: 'apps/web',
    stdio: 'inherit',
  })
  if (build.status !== 0 || buildOnly) process.exit(build.status ?? 1)
}
const result = spawnSync(
  'npx',
  [
    'playwright',
    'test',
    '-c',
    'apps/web/playwright.config.ts',
    ...process.argv.slice(2).filter((arg) => !flags.has(arg)),
  ],
  { stdio: 'inherit' },
)
process.exit(result.status ?? 1)
