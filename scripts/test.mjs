import { spawnSync } from 'node:child_process'
import fs from 'node:fs'

/**
 * `npm test`: type checks, lint, unit and API tests (PGlite and a throwaway PostgreSQL cluster), then the
 * browser journeys. Ends with one line `N passed, N failed` totalling every suite.
 */
fs.mkdirSync('test-results', { recursive: true })
let passed = 0
let failed = 0
const run = (command, args, options = {}) => spawnSync(command, args, { stdio: 'inherit', ...options }).status ?? 1

for (const [name, args] of [
  ['typecheck server', ['tsc', '-p', 'tsconfig.json']],
  ['typecheck web', ['tsc', '-p', 'apps/web/tsconfig.json']],
  ['lint', ['eslint', '.']],
  ['configuration doc current', ['tsx', 'scripts/configuration-doc.ts', '--check']],
  ['spec traceability current', ['node', 'scripts/lint/traceability.mjs']],
  ['format', ['prettier', '--check', '.']],
]) {
  console.log(`\n▶ ${name}`)
  if (run('npx', args) === 0) passed++
  else {
    failed++
    console.log(`✗ ${name} failed`)
  }
}

function countJson(file) {
  if (!fs.existsSync(file)) return null
  return JSON.parse(fs.readFileSync(file, 'utf8'))
}

console.log('\n▶ unit and API tests (vitest)')
fs.rmSync('test-results/vitest.json', { force: true })
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/vitest.json',
])
const vitest = countJson('test-results/vitest.json')
if (vitest) {
  passed += vitest.numPassedTests
  failed +=
    vitest.numFailedTests +
    (vitest.numTotalTestSuites > 0 && vitest.success === false && vitest.numFailedTests === 0 ? 1 : 0)
} else if (vitestStatus !== 0) failed++

console.log('\n▶ browser journeys (playwright, chromium)')
fs.rmSync('test-results/e2e.json', { force: true })
const e2eStatus = run('node', ['scripts/e2e.mjs'])
const e2e = countJson('test-results/e2e.json')
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky
  failed += e2e.stats.unexpected
  if (e2eStatus !== 0 && e2e.stats.unexpected === 0) failed++
} else if (e2eStatus !== 0) failed++

console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
