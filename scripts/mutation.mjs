import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { BARS, EQUIVALENT_MUTANTS, mutationParts, partFileName, unmeasuredServices } from '../stryker.config.mjs'

/**
 * `npm run mutation [-- part…] [--force] [--report]`: one incremental Stryker run per part (stryker.config.mjs),
 * merged into reports/mutation/mutation.json; parts by name or path fragment; `--report` only prints the last
 * results; exits 1 when a file is below its bar.
 */
const args = process.argv.slice(2)
const force = args.includes('--force')
// --report: print the table of the reports already there, running nothing.
const reportOnly = args.includes('--report')
const filters = args.filter((arg) => !arg.startsWith('--'))
const parts = mutationParts()
const selected = filters.length
  ? parts.filter((part) => filters.some((filter) => part.name.includes(filter) || part.mutate.includes(filter)))
  : parts
if (filters.length && selected.length === 0) {
  console.error(`No mutation part matches ${filters.join(', ')}; parts: ${parts.map((part) => part.name).join(', ')}`)
  process.exit(2)
}

/**
 * Drops the undetected mutants from a part's incremental results so every run tests them again with the
 * current tests. Stryker 9.6 reuses a survivor's result when a test changed but kept its name, and always
 * for a static mutant (no per-test coverage); killed mutants are reused as Stryker decides.
 */
function forgetSurvivors(file) {
  if (!fs.existsSync(file)) return
  const report = JSON.parse(fs.readFileSync(file, 'utf8'))
  for (const result of Object.values(report.files))
    result.mutants = result.mutants.filter((mutant) => mutant.status === 'Killed' || mutant.status === 'Timeout')
  fs.writeFileSync(file, JSON.stringify(report))
}

const started = Date.now()
const durations = new Map()
for (const part of reportOnly ? [] : selected) {
  console.log(`\n▶ mutation: ${part.name} (${part.mutate.length} file(s), tests: ${part.testFiles.join(' ')})`)
  forgetSurvivors(`reports/mutation/incremental/${partFileName(part.name)}.json`)
  const partStarted = Date.now()
  // nice adds to the caller's niceness: started under `nice -n 10` this would run at 19, the lowest, and take
  // several times as long on a shared machine.
  const result = spawnSync(
    'nice',
    ['-n', '10', 'npx', 'stryker', 'run', 'stryker.config.mjs', ...(force ? ['--force'] : [])],
    { stdio: 'inherit', env: { ...process.env, MUTATION_PART: part.name } },
  )
  durations.set(part.name, (Date.now() - partStarted) / 1000)
  if (result.status !== 0) {
    console.error(`✗ Stryker failed on ${part.name} (exit ${result.status})`)
    process.exit(result.status ?? 1)
  }
}

// Merge the reports of every current part (those not rerun keep their last results).
let merged = null
const barOf = new Map()
for (const part of parts) {
  const file = `reports/mutation/parts/${partFileName(part.name)}.json`
  if (!fs.existsSync(file)) continue
  const report = JSON.parse(fs.readFileSync(file, 'utf8'))
  merged ??= { ...report, files: {}, testFiles: {} }
  for (const [name, result] of Object.entries(report.files)) {
    if (!part.mutate.includes(name)) continue
    merged.files[name] = result
    barOf.set(name, { bar: BARS[part.kind], part: part.name })
  }
  Object.assign(merged.testFiles, report.testFiles ?? {})
}
if (!merged) {
  console.error('No mutation reports yet.')
  process.exit(1)
}

// Survivors known to change no behaviour (stryker.config.mjs) count as Ignored, with the reason.
const unusedEquivalents = new Set(EQUIVALENT_MUTANTS)
for (const [name, result] of Object.entries(merged.files)) {
  const lines = result.source.split('\n')
  for (const mutant of result.mutants) {
    if (mutant.status !== 'Survived' && mutant.status !== 'NoCoverage') continue
    const { start, end } = mutant.location
    const text = lines[start.line - 1] ?? ''
    const original =
      start.line === end.line
        ? text.slice(start.column - 1, end.column - 1)
        : [
            text.slice(start.column - 1),
            ...lines.slice(start.line, end.line - 1),
            (lines[end.line - 1] ?? '').slice(0, end.column - 1),
          ].join('\n')
    const entry = EQUIVALENT_MUTANTS.find(
      (candidate) =>
        candidate.file === name &&
        candidate.mutator === mutant.mutatorName &&
        candidate.replacement === mutant.replacement &&
        candidate.line === text.trim() &&
        candidate.original === original &&
        (candidate.column === undefined || candidate.column === start.column),
    )
    if (!entry) continue
    mutant.status = 'Ignored'
    mutant.statusReason = `Equivalent: ${entry.reason}`
    unusedEquivalents.delete(entry)
  }
}
fs.mkdirSync('reports/mutation', { recursive: true })
fs.writeFileSync('reports/mutation/mutation.json', JSON.stringify(merged))

const DETECTED = new Set(['Killed', 'Timeout'])
const UNDETECTED = new Set(['Survived', 'NoCoverage'])
const rows = Object.entries(merged.files)
  .map(([name, result]) => {
    const count = (statuses) => result.mutants.filter((mutant) => statuses.has(mutant.status)).length
    const detected = count(DETECTED)
    const undetected = count(UNDETECTED)
    const valid = detected + undetected
    const score = valid === 0 ? 100 : (detected / valid) * 100
    const equivalent = result.mutants.filter((mutant) => mutant.statusReason?.startsWith('Equivalent: ')).length
    return { name, mutants: result.mutants.length, detected, undetected, equivalent, valid, score, ...barOf.get(name) }
  })
  .sort((a, b) => a.name.localeCompare(b.name))

const width = Math.max(...rows.map((row) => row.name.length), 4)
const cells = (values) => values.map((value, index) => String(value).padStart([7, 6, 8, 10, 6, 5][index])).join('  ')
console.log(`\n${'file'.padEnd(width)}  ${cells(['mutants', 'killed', 'survived', 'equivalent', 'score', 'bar'])}`)
for (const row of rows) {
  const mark = row.score >= row.bar ? '✓' : '✗'
  const values = [row.mutants, row.detected, row.undetected, row.equivalent, row.score.toFixed(1), row.bar]
  console.log(`${row.name.padEnd(width)}  ${cells(values)} ${mark}`)
}
for (const entry of unusedEquivalents) {
  if (merged.files[entry.file])
    console.log(`! equivalent-mutant entry matches no survivor: ${entry.file} ${entry.mutator} ${entry.replacement}`)
}
for (const kind of ['contracts', 'services']) {
  const group = rows.filter((row) => row.bar === BARS[kind])
  const detected = group.reduce((sum, row) => sum + row.detected, 0)
  const valid = group.reduce((sum, row) => sum + row.valid, 0)
  if (valid) console.log(`${kind}: ${((detected / valid) * 100).toFixed(1)} % of ${valid} mutants`)
}
for (const [name, seconds] of durations) console.log(`time ${name}: ${seconds.toFixed(0)} s`)
const unmeasured = unmeasuredServices()
if (unmeasured.length) console.log(`not measured yet (${unmeasured.length}): ${unmeasured.join(', ')}`)
console.log(
  `mutation run: ${((Date.now() - started) / 1000).toFixed(0)} s; report ${path.resolve('reports/mutation/mutation.json')}`,
)
const below = rows.filter((row) => row.score < row.bar)
if (below.length) {
  console.log(`✗ below the bar: ${below.map((row) => row.name).join(', ')}`)
  process.exit(1)
}
