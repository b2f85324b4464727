import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/**
 * `npm test`: type checks, lint, unit and API tests (PGlite and a throwaway PostgreSQL cluster), the web build and
 * the browser journeys, one after the other, the journeys' output streamed. TEST_LANES=2 runs two lanes (decision
 * 027): the checks, unit and API tests at `nice 5` beside the web build and the journeys in two halves side by side,
 * each with its own server (Playwright's `--shard`); not the default yet, as journeys still fail under that load.
 * Prints each suite's wall-clock and CPU (user + sys) seconds and the slowest 50 tests, then ends with one line
 * `N passed, N failed` totalling every suite.
 */

// `node scripts/test.mjs --cpu <file> <command> <args…>` runs one suite and writes the CPU its processes used.
if (process.argv[2] === '--cpu') {
  const [file, command, ...args] = process.argv.slice(3)
  const status = spawnSync(command, args, { stdio: 'inherit' }).status ?? 1
  fs.writeFileSync(file, JSON.stringify({ cpuSeconds: childrenCpuSeconds() }))
  process.exit(status)
}

/** user + sys seconds of this process's waited-for descendants (/proc/self/stat cutime and cstime). */
function childrenCpuSeconds() {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100
  return (Number(fields[13]) + Number(fields[14])) / ticksPerSecond
}

fs.mkdirSync('test-results', { recursive: true })
const twoLanes = process.env.TEST_LANES === '2'
/** The journeys' parts in two lanes, each on its own port (3100 is the default of a journeys run by hand). */
const JOURNEY_SHARDS = twoLanes ? [1, 2] : [0]
const started = Date.now()
const timings = new Map()
const slowest = []
let passed = 0
let failed = 0

/**
 * Runs a suite and records its wall and CPU time. `live` streams its output; otherwise it goes to a file printed in one
 * piece when the suite ends, so suites running side by side do not interleave line by line. `nice` lowers its
 * priority; `env` is added to this process's. Resolves with the status.
 */
function runSuite(name, command, args, { live = !twoLanes, nice = 0, env = {} } = {}) {
  const slug = name.replaceAll(/\W+/g, '-')
  const cpuFile = `test-results/cpu-${slug}.json`
  const log = `test-results/${slug}.log`
  fs.rmSync(cpuFile, { force: true })
  const at = Date.now()
  if (live) console.log(`\n▶ ${name}`)
  const output = live ? 'inherit' : fs.openSync(log, 'w')
  const wrapped = [process.execPath, 'scripts/test.mjs', '--cpu', cpuFile, command, ...args]
  const [program, ...rest] = nice ? ['nice', '-n', String(nice), ...wrapped] : wrapped
  const child = spawn(program, rest, { stdio: ['ignore', output, output], env: { ...process.env, ...env } })
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (!live) {
        fs.closeSync(output)
        console.log(`\n▶ ${name}\n${fs.readFileSync(log, 'utf8')}`)
      }
      const cpuSeconds = fs.existsSync(cpuFile) ? JSON.parse(fs.readFileSync(cpuFile, 'utf8')).cpuSeconds : NaN
      timings.set(name, { wallSeconds: (Date.now() - at) / 1000, cpuSeconds })
      resolve(code ?? 1)
    })
  })
}

const readJson = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null)

/** The checks, unit and API tests give way to the journeys beside them. */
const restNice = twoLanes ? 5 : 0

/** A check counted as one test: passed when it exits 0. */
const check = (name, command, args) => async () => {
  if ((await runSuite(name, command, args, { nice: restNice })) === 0) passed++
  else {
    failed++
    console.log(`✗ ${name} failed`)
  }
}

/** One vitest project, counted test by test from its JSON report. */
const vitestProject = (project) => async () => {
  const report = `test-results/vitest-${project}.json`
  fs.rmSync(report, { force: true })
  const status = await runSuite(
    project,
    'npx',
    ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { nice: restNice },
  )
  const vitest = readJson(report)
  if (!vitest) {
    if (status !== 0) failed++
    return
  }
  passed += vitest.numPassedTests
  failed += vitest.numFailedTests + (vitest.success === false && vitest.numFailedTests === 0 ? 1 : 0)
  for (const file of vitest.testResults)
    for (const test of file.assertionResults)
      slowest.push({
        suite: project,
        seconds: (test.duration ?? 0) / 1000,
        title: `${path.relative('.', file.name)} › ${test.fullName}`,
      })
}

/** The web build, then the journeys (in one lane streamed: the longest suite), counted test by test from Playwright's reports. */
async function journeys() {
  const reportOf = (shard) => `test-results/e2e${shard ? `-${shard}` : ''}.json`
  for (const shard of JOURNEY_SHARDS) fs.rmSync(reportOf(shard), { force: true })
  const buildStatus = await runSuite('web build', 'node', ['scripts/e2e.mjs', '--build-only'])
  if (buildStatus !== 0) {
    failed++
    return
  }
  await Promise.all(
    JOURNEY_SHARDS.map(async (shard) => {
      const status = shard
        ? await runSuite(
            `journeys ${shard}/${JOURNEY_SHARDS.length}`,
            'node',
            ['scripts/e2e.mjs', '--no-build', `--shard=${shard}/${JOURNEY_SHARDS.length}`],
            {
              env: { E2E_PORT: String(3100 + shard), E2E_REPORT: reportOf(shard) },
            },
          )
        : await runSuite('journeys', 'node', ['scripts/e2e.mjs', '--no-build'], { live: true })
      const e2e = readJson(reportOf(shard))
      if (!e2e) {
        if (status !== 0) failed++
        return
      }
      passed += e2e.stats.expected + e2e.stats.flaky
      failed += e2e.stats.unexpected
      if (status !== 0 && e2e.stats.unexpected === 0) failed++
      const walk = (suite) => {
        for (const spec of suite.specs ?? [])
          for (const test of spec.tests)
            for (const result of test.results)
              slowest.push({
                suite: 'journeys',
                seconds: result.duration / 1000,
                title: `${spec.file} › ${spec.title}`,
              })
        for (const child of suite.suites ?? []) walk(child)
      }
      for (const suite of e2e.suites) walk(suite)
    }),
  )
}

const rest = [
  check('typecheck server', 'npx', ['tsc', '-p', 'tsconfig.json']),
  check('typecheck web', 'npx', ['tsc', '-p', 'apps/web/tsconfig.json']),
  check('lint', 'npx', ['eslint', '.']),
  check('configuration doc current', 'npx', ['tsx', 'scripts/configuration-doc.ts', '--check']),
  check('spec traceability current', 'node', ['scripts/lint/traceability.mjs']),
  check('comment budget', 'npx', ['tsx', 'scripts/lint/comment-share.ts', '--max', '5']),
  check('format', 'npx', ['prettier', '--check', '.']),
  vitestProject('unit'),
  vitestProject('api-pglite'),
  vitestProject('api-postgres'),
]
const inSequence = async (steps) => {
  for (const step of steps) await step()
}
if (twoLanes) await Promise.all([journeys(), inSequence(rest)])
else await inSequence([...rest, journeys])

const seconds = (value) => `${value.toFixed(1).padStart(7)} s`
const cpuInAll = [...timings.values()].reduce((sum, { cpuSeconds }) => sum + cpuSeconds, 0)
console.log(
  `\nSuites (wall clock, CPU user + sys): ${seconds((Date.now() - started) / 1000).trim()} wall and ${seconds(cpuInAll).trim()} CPU in all`,
)
const order = [
  'typecheck server',
  'typecheck web',
  'lint',
  'configuration doc current',
  'spec traceability current',
  'comment budget',
  'format',
  'unit',
  'api-pglite',
  'api-postgres',
  'web build',
  'journeys',
  ...JOURNEY_SHARDS.map((shard) => `journeys ${shard}/${JOURNEY_SHARDS.length}`),
]
const rank = (name) => (order.includes(name) ? order.indexOf(name) : order.length)
for (const [name, { wallSeconds, cpuSeconds }] of [...timings].sort(([a], [b]) => rank(a) - rank(b)))
  console.log(`  ${name.padEnd(28)} ${seconds(wallSeconds)} wall ${seconds(cpuSeconds)} CPU`)
console.log('\nSlowest 50 tests:')
for (const { suite, seconds: took, title } of slowest.sort((a, b) => b.seconds - a.seconds).slice(0, 50))
  console.log(`  ${seconds(took)}  ${suite.padEnd(12)} ${title}`)

console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
