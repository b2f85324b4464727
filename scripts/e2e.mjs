import { spawnSync } from 'node:child_process'
import { ensureChromium } from './ensure-chromium.mjs'

/** Runs the browser journeys: Chromium from Debian, a fresh web build, then Playwright. Exit code = Playwright's. */
ensureChromium()
// WEB_DIST lets parallel runs build into their own folder; the server serves the same folder.
const outDir = process.env.WEB_DIST ?? 'dist'
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir], {
  cwd: 'apps/web',
  stdio: 'inherit',
})
if (build.status !== 0) process.exit(build.status ?? 1)
const result = spawnSync(
  'npx',
  ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...process.argv.slice(2)],
  { stdio: 'inherit' },
)
process.exit(result.status ?? 1)
