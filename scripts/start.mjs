import { spawnSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/**
 * `npm start`: builds the web app when its sources are newer than the last build, then runs the
 * server (migrations, first-run demo seed, stand-ins) with tsx.
 */
const webDir = 'apps/web'
const builtIndex = path.join(webDir, 'dist/index.html')

function newestSourceTime(dir) {
  let newest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'e2e') continue
    const full = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestSourceTime(full) : fs.statSync(full).mtimeMs)
  }
  return newest
}

const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0
if (builtAt < Math.max(newestSourceTime(webDir), newestSourceTime('packages/contracts/src'))) {
  console.log('Building the web app…')
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: webDir, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
