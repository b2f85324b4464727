// @ts-check
import fs from 'node:fs'

/**
 * StrykerJS 9.6.1 (the last release that runs on Node 20), driven by `npm run mutation`
 * (scripts/mutation.mjs), one Stryker run per part:
 *
 * - `contracts`: every zod-free module of packages/contracts/src (the pure business rules; the zod
 *   schemas are declarations) against the contracts' own unit tests. Bar: 95 % per file.
 * - one part per measured server service (`SERVICE_GLOB`, `SERVICE_FILES`), against the API tests of its area on
 *   PGlite only.
 *   Bar: 90 % per file. Per-test coverage runs each mutant against only the tests that reach it.
 *
 * Incremental: each part keeps its results in reports/mutation/incremental/, so a rerun tests only the
 * mutants whose code or covering tests changed. Reports: reports/mutation/parts/<part>.json, merged by
 * scripts/mutation.mjs into reports/mutation/mutation.json.
 *
 * Equivalent mutants are listed in EQUIVALENT_MUTANTS below, each with why it changes no behaviour;
 * the bar is never lowered for them.
 */

/** The services measured with their API tests: globs that survive files being split or moved. */
export const SERVICE_GLOB = 'apps/server/src/features/{tasks,locations,identity,gate-codes}/*.service.ts'

/**
 * Services measured one by one in areas not yet measured whole, each added when it reaches the bar (issue 33 brings
 * in the rest; every run lists the service files not yet measured). The test files chosen for the next ones are in
 * PART_TESTS.
 * @type {string[]}
 */
export const SERVICE_FILES = [
  'audit/audit.service.ts',
  'communications/sms-webhooks.service.ts',
  'content/homepage.service.ts',
  'content/pages.service.ts',
  'lease-terminations/lease-terminations.service.ts',
  'roles/roles.service.ts',
  'users/users.service.ts',
]

/** API test files of an area beyond its own folder: other areas' tests that exercise its routes. */
const EXTRA_TESTS = {
  'gate-codes': ['apps/server/src/features/facilities/facilities.test.ts'],
  // A task created for or assigned to a role notifies in the task's own transaction (decision 020).
  tasks: ['apps/server/src/features/notifications/notifications.test.ts'],
}

const IDENTITY = 'apps/server/src/features/identity'
/**
 * Service parts measured with fewer test files than their area's: the files whose tests assert what the service
 * answers. The identity services run in the sign-ins of every test file's set-up (static coverage), so with the
 * whole folder each of their mutants replayed every identity test file, a seeded database each. Fewer tests can
 * only kill fewer mutants: the score is a lower bound.
 */
const PART_TESTS = {
  'audit/audit.service': ['apps/server/src/features/audit/audit.test.ts'],
  'content/homepage.service': ['apps/server/src/features/content/homepage.test.ts'],
  'content/pages.service': ['apps/server/src/features/content/website-content.test.ts'],
  'identity/office365.service': [`${IDENTITY}/office365.test.ts`],
  'identity/sessions.service': [`${IDENTITY}/identity.test.ts`, `${IDENTITY}/office365.test.ts`],
  'identity/sign-in.service': [`${IDENTITY}/identity.test.ts`, `${IDENTITY}/sign-in-throttle.test.ts`],
  // The webhooks' own tests call the service directly; communications.test.ts reaches it through the SMS stand-in's
  // real callbacks, slower per mutant (a listening server and the messaging stand-ins each run).
  'communications/sms-webhooks.service': ['apps/server/src/features/communications/sms-webhooks.test.ts'],
  // lease-terminations.test.ts sends its batches through the paced notice job and the messaging stand-ins, its later
  // tests reading the notices the earlier ones sent: at a load of 25 each mutant cost over 12 s.
  'lease-terminations/lease-terminations.service': [
    'apps/server/src/features/lease-terminations/lease-terminations-rules.test.ts',
  ],
  'lease-terminations/ssm-units.service': [
    'apps/server/src/features/lease-terminations/lease-terminations-rules.test.ts',
  ],
}

/**
 * Surviving mutants that change no behaviour. scripts/mutation.mjs counts a survivor as Ignored, with the
 * reason, when its file, mutator and replacement match an entry, its source line (trimmed) is `line`, the
 * code it replaces is `original` (and it starts at `column` when the line holds that code twice); an entry
 * that matches no survivor is reported, so the list cannot outlive the code.
 * @type {{ file: string, mutator: string, replacement: string, line: string, original: string, column?: number, reason: string }[]}
 */
export const EQUIVALENT_MUTANTS = [
  {
    file: 'packages/contracts/src/photos.ts',
    mutator: 'StringLiteral',
    replacement: '"Stryker was here!"',
    line: "return (PHOTO_MIME_TYPES as readonly string[]).includes(mime ?? '')",
    original: "''",
    reason: 'no media type is either the empty string or the replacement: a missing type is not a photo either way',
  },
  {
    file: 'packages/contracts/src/date-time.ts',
    mutator: 'OptionalChaining',
    replacement: 'parts.find(entry => entry.type === type).value',
    line: "const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? ''",
    original: 'parts.find((entry) => entry.type === type)?.value',
    reason: 'with the fixed options formatToParts always yields month, day, year, hour, minute and dayPeriod',
  },
  {
    file: 'packages/contracts/src/date-time.ts',
    mutator: 'StringLiteral',
    replacement: '"Stryker was here!"',
    line: "const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? ''",
    original: "''",
    reason: "the ?? '' fallback never runs: every part asked for is present (the entry above)",
  },
  {
    file: 'packages/contracts/src/facility-search.ts',
    mutator: 'ConditionalExpression',
    replacement: 'false',
    line: 'if (!needle) return true',
    original: '!needle',
    reason: 'a blank query matches anyway: every value includes the empty string',
  },
  {
    file: 'packages/contracts/src/gate-code.ts',
    mutator: 'StringLiteral',
    replacement: '"Stryker was here!"',
    line: "const [, prefix = '', digits = '', suffix = ''] = /^(\\*?)(\\d*)(#?)$/.exec(current) ?? []",
    original: "''",
    column: 34,
    reason:
      'the digits of a current code not in keypad form only stop a draw equal to them; no six-digit draw equals either text',
  },
  {
    file: 'packages/contracts/src/gate-code.ts',
    mutator: 'ArrayDeclaration',
    replacement: '["Stryker was here"]',
    line: "const [, prefix = '', digits = '', suffix = ''] = /^(\\*?)(\\d*)(#?)$/.exec(current) ?? []",
    original: '[]',
    reason: 'the fallback of a non-matching code: the destructuring skips its first item, the rest take the defaults',
  },
  {
    file: 'packages/contracts/src/hosts.ts',
    mutator: 'StringLiteral',
    replacement: '"Stryker was here!"',
    line: "const firstLabel = (host ?? '').split(':')[0]!.split('.')[0]!.toLowerCase()",
    original: "''",
    reason:
      "the fallback for no host: any text whose first label is not snapshot or staging-snapshot picks the admin app, as '' does",
  },
  {
    file: 'packages/contracts/src/task-rules.ts',
    mutator: 'Regex',
    replacement: '/@.*/',
    line: ".replace(/@.*$/, '')",
    original: '/@.*$/',
    reason: 'without $ it differs only for text with a line break after the @; names and e-mail addresses are one line',
  },
  {
    file: 'packages/contracts/src/task-rules.ts',
    mutator: 'Regex',
    replacement: '/[^\\p{L}\\p{N}]/u',
    line: '.split(/[^\\p{L}\\p{N}]+/u)',
    original: '/[^\\p{L}\\p{N}]+/u',
    reason: 'splitting on single separators leaves empty words, which filter(Boolean) drops',
  },
  {
    file: 'packages/contracts/src/task-rules.ts',
    mutator: 'ConditionalExpression',
    replacement: 'true',
    line: 'return days !== null && days >= OVERVIEW_WARNING_DAYS',
    original: 'days !== null',
    reason: 'null >= 7 is false in JavaScript, so the null check changes no result',
  },
  {
    file: 'apps/server/src/features/tasks/task-queries.service.ts',
    mutator: 'ConditionalExpression',
    replacement: 'false',
    line: 'if (taskIds.length === 0) return byTask',
    original: 'taskIds.length === 0',
    reason: 'a shortcut: with no task ids the photo query finds nothing anyway',
  },
  {
    file: 'apps/server/src/features/tasks/task-queries.service.ts',
    mutator: 'OptionalChaining',
    replacement: 'total.value',
    line: 'const totalEntries = Number(total?.value ?? 0)',
    original: 'total?.value',
    reason: 'a count() query always answers one row',
  },
  {
    file: 'apps/server/src/features/tasks/task-queries.service.ts',
    mutator: 'ConditionalExpression',
    replacement: 'true',
    line: 'if (totalEntries === 0 && filter.location_code) await getLocationByCode(db, filter.location_code)',
    original: 'totalEntries === 0',
    reason: 'the facility lookup only tells an unknown facility from an empty one; a facility with tasks always exists',
  },
  {
    file: 'apps/server/src/features/tasks/task-queries.service.ts',
    mutator: 'ConditionalExpression',
    replacement: 'true',
    line: 'if (totalEntries === 0) await getLocationByCode(db, filter.location_code)',
    original: 'totalEntries === 0',
    reason:
      'the facility lookup only tells an unknown facility from an empty log; a facility with entries always exists',
  },
  {
    file: 'apps/server/src/features/tasks/task-queries.service.ts',
    mutator: 'MethodExpression',
    replacement: 'query',
    line: 'const pattern = `%${escapeLike(query.trim())}%`',
    original: 'query.trim()',
    reason: 'the route schema (TaskSearchQuery) trims the query before the service sees it',
  },
  {
    file: 'apps/server/src/features/tasks/task-writes.service.ts',
    mutator: 'ObjectLiteral',
    replacement: '{}',
    line: '.select({ id: locationUnits.id })',
    original: '{ id: locationUnits.id }',
    reason: 'only whether a unit row comes back is read, not its columns',
  },
  {
    file: 'apps/server/src/features/tasks/task-writes.service.ts',
    mutator: 'ConditionalExpression',
    replacement: 'false',
    line: 'if (existing !== null) throw duplicateConflict(existing)',
    original: 'existing !== null',
    reason:
      'without the early check the insert meets the unique index of open tasks and the catch answers the same 409 with the same id (photos stored meanwhile are removed); the check spares that work',
  },
  {
    file: 'apps/server/src/features/tasks/task-writes.service.ts',
    mutator: 'ConditionalExpression',
    replacement: 'false',
    line: 'if (duplicate !== null) throw duplicateConflict(duplicate)',
    original: 'duplicate !== null',
    column: 13,
    reason:
      "the reopen's check inside the transaction: without it the update meets the unique index of open tasks and the catch answers the same 409 with the same id, the transaction rolled back",
  },
  {
    file: 'apps/server/src/features/tasks/task-writes.service.ts',
    mutator: 'ObjectLiteral',
    replacement: '{}',
    line: 'const reopened: { key: TaskKey | null } = { key: null }',
    original: '{ key: null }',
    reason: 'an absent key reads as undefined, as falsy as null',
  },
  {
    file: 'apps/server/src/features/tasks/task-writes.service.ts',
    mutator: 'ConditionalExpression',
    replacement: 'true',
    line: "if (action === 'assign') change.role = input.role!",
    original: "action === 'assign'",
    reason:
      "only an assignment carries a role (taskActivityActionOf gives no other action when one is sent) and Drizzle's set() leaves out an undefined value",
  },
  {
    file: 'apps/server/src/features/gate-codes/gate-code-rotation.service.ts',
    mutator: 'ObjectLiteral',
    replacement: '{}',
    line: '.select({ id: gateCodeRotations.id })',
    original: '{ id: gateCodeRotations.id }',
    reason:
      'only whether a row comes back is read (a running rotation at start, the rotation at resume), not its columns',
  },
  {
    file: 'apps/server/src/features/gate-codes/gate-code-rotation.service.ts',
    mutator: 'StringLiteral',
    replacement: '""',
    line: ".where(eq(gateCodeRotations.status, 'running'))",
    original: "'running'",
    reason:
      'without the early running check the insert meets the unique index of running rotations and the catch answers the same 409 with the same text, the transaction rolled back; the check spares drawing codes and listing facilities',
  },
  {
    file: 'apps/server/src/features/gate-codes/gate-code-rotation.service.ts',
    mutator: 'ConditionalExpression',
    replacement: 'false',
    line: 'if (running) throw conflict(ROTATION_RUNNING_MESSAGE)',
    original: 'running',
    reason: 'the same early running check as above: the unique index answers the same 409',
  },
  {
    file: 'apps/server/src/features/gate-codes/gate-code-rotation.service.ts',
    mutator: 'StringLiteral',
    replacement: '"Stryker was here!"',
    line: "names.map((name) => [name, nextGateCodeLike(current.find((entry) => entry.name === name)?.currentCode ?? '')]),",
    original: "''",
    reason:
      'a code with no row yet is drawn from a text not in keypad form: any such text gives six plain digits, as the empty text does',
  },
  {
    file: 'apps/server/src/features/gate-codes/gate-code-rotation.service.ts',
    mutator: 'ConditionalExpression',
    replacement: 'false',
    line: "if (row.status !== 'running') throw conflict('Only a running rotation can be abandoned.')",
    original: "row.status !== 'running'",
    reason:
      "the abandon's update is conditional on status 'running' and throws the same 409 when it changes no row; the early check spares the transaction",
  },
  {
    file: 'apps/server/src/features/locations/locations.service.ts',
    mutator: 'ObjectLiteral',
    replacement: '{}',
    line: '.select({ id: locations.id })',
    original: '{ id: locations.id }',
    reason:
      'in the checks of a location form (a taken code or slug, an existing sub location) only whether a row comes back is read, not its columns',
  },
  {
    file: 'apps/server/src/features/identity/sessions.service.ts',
    mutator: 'ConditionalExpression',
    replacement: 'true',
    line: "user_id: owner.kind === 'admin' ? owner.userId : null,",
    original: "owner.kind === 'admin'",
    reason:
      "a field owner has no userId, and Drizzle's insert leaves out an undefined value: the column is null either way",
  },
  {
    file: 'apps/server/src/features/identity/sessions.service.ts',
    mutator: 'ConditionalExpression',
    replacement: 'true',
    line: "field_user: owner.kind === 'field' ? owner.fieldUser : null,",
    original: "owner.kind === 'field'",
    reason: 'an admin owner has no fieldUser: as above, the column is null either way',
  },
  {
    file: 'apps/server/src/features/identity/sign-in.service.ts',
    mutator: 'ArrowFunction',
    replacement: '() => undefined',
    line: 'const isValid = await verify(row?.user.password_hash ?? (await getDummyHash()), input.password).catch(() => false)',
    original: '() => false',
    reason: 'an unreadable hash makes isValid undefined instead of false: as falsy, the same 401',
  },
  {
    file: 'apps/server/src/features/identity/sign-in.service.ts',
    mutator: 'ConditionalExpression',
    replacement: 'false',
    line: 'if (!row || !row.user.password_hash || !isValid || row.user.disabled) {',
    original: '!row || !row.user.password_hash',
    reason:
      'an unknown email or an account without a password is checked against the dummy hash of random bytes, which no password matches: !isValid refuses it with the same 401 (the checks narrow row for TypeScript)',
  },
  {
    file: 'packages/contracts/src/message-templates.ts',
    mutator: 'ConditionalExpression',
    replacement: 'false',
    line: "if (value === null || typeof value !== 'object') return [prefix]",
    original: 'value === null',
    reason: 'the samples are fixed objects of strings: no value is null',
  },
  {
    file: 'packages/contracts/src/sms-segments.ts',
    mutator: 'ConditionalExpression',
    replacement: 'true',
    line: 'if (nonGsm.length > 0) {',
    original: 'nonGsm.length > 0',
    reason: 'a shortcut: smart encoding leaves a GSM-7 text unchanged, so gsm_fix stays null either way',
  },
  {
    file: 'packages/contracts/src/sms-segments.ts',
    mutator: 'EqualityOperator',
    replacement: 'nonGsm.length >= 0',
    line: 'if (nonGsm.length > 0) {',
    original: 'nonGsm.length > 0',
    reason: 'the same shortcut as above',
  },
  {
    file: 'apps/server/src/features/audit/audit.service.ts',
    mutator: 'OptionalChaining',
    replacement: 'total.value',
    line: 'count: total?.value ?? 0,',
    original: 'total?.value',
    reason: 'a count() query always answers one row',
  },
  {
    file: 'apps/server/src/features/communications/sms-webhooks.service.ts',
    mutator: 'StringLiteral',
    replacement: '"Stryker was here!"',
    line: "const status = params.MessageStatus ?? params.SmsStatus ?? ''",
    original: "''",
    reason: 'a callback without a status matches no branch whether it reads as the empty text or as the replacement',
  },
  {
    file: 'apps/server/src/features/communications/sms-webhooks.service.ts',
    mutator: 'ConditionalExpression',
    replacement: 'true',
    line: "} else if (status === 'sent' && (row.status === 'sending' || row.status === 'queued')) {",
    original: "row.status === 'sending' || row.status === 'queued'",
    reason:
      "a shortcut: the update's where repeats the statuses, so a late sent changes no message; the template's status is then recomputed from the same sends",
  },
  {
    file: 'apps/server/src/features/communications/sms-webhooks.service.ts',
    mutator: 'StringLiteral',
    replacement: '"Stryker was here!"',
    line: "const word = (params.Body ?? '').trim().toUpperCase()",
    original: "''",
    reason: 'a text without a body is neither a STOP nor a START word, as the empty text or as the replacement',
  },
  {
    file: 'apps/server/src/features/communications/sms-webhooks.service.ts',
    mutator: 'ObjectLiteral',
    replacement: '{}',
    line: '.onConflictDoNothing({ target: smsOptOuts.cell_phone })',
    original: '{ target: smsOptOuts.cell_phone }',
    reason: 'cell_phone is the primary key and sms_opt_outs has no other unique index: any conflict is on it',
  },
  {
    file: 'apps/server/src/features/lease-terminations/lease-terminations.service.ts',
    mutator: 'OptionalChaining',
    replacement: 'phones.own',
    line: 'facility: { name, address, city, state, zip, phone: phones?.own ?? phones?.snapshot ?? null },',
    original: 'phones?.own',
    reason: 'the facility was just read by getLocationByCode, so the phones query always answers its row',
  },
  {
    file: 'apps/server/src/features/lease-terminations/lease-terminations.service.ts',
    mutator: 'OptionalChaining',
    replacement: 'phones.snapshot',
    line: 'facility: { name, address, city, state, zip, phone: phones?.own ?? phones?.snapshot ?? null },',
    original: 'phones?.snapshot',
    reason: 'as above: the row of the phones query is always there',
  },
  {
    file: 'apps/server/src/features/lease-terminations/lease-terminations.service.ts',
    mutator: 'OptionalChaining',
    replacement: 'total.value',
    line: 'return { count: total?.value ?? 0, rows: rows.map(({ row, name }) => toLeaseTermination(row, name, fileUrl)) }',
    original: 'total?.value',
    reason: 'a count() query always answers one row',
  },
  {
    file: 'apps/server/src/features/roles/roles.service.ts',
    mutator: 'OptionalChaining',
    replacement: 'row.value',
    line: 'return row?.value ?? 0',
    original: 'row?.value',
    reason: 'a count() query always answers one row',
  },
  {
    file: 'apps/server/src/features/roles/roles.service.ts',
    mutator: 'ConditionalExpression',
    replacement: 'false',
    line: 'if ((await countUsersOf(tx, roleId)) > 0) throw conflict(ROLE_MESSAGES.inUse)',
    original: '(await countUsersOf(tx, roleId)) > 0',
    reason:
      "a shortcut: without the count the delete meets the users' foreign key and the catch answers the same 409, the transaction rolled back",
  },
]

/** The score every file of a part must reach, in percent. */
export const BARS = { contracts: 95, services: 90 }

const CONTRACTS_DIR = 'packages/contracts/src'
/** Zod-free contracts modules that only declare form fields (labels and kinds), no rules. */
const DECLARATIONS = ['facilities-fields.ts', 'fields.ts']
const SERVICE_AREAS = /\{([^}]+)\}/.exec(SERVICE_GLOB)?.[1]?.split(',') ?? []

/** Zod-free contracts modules, in any folder: the shared rules (the schemas import zod). */
function contractsRuleFiles(dir = CONTRACTS_DIR) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const file = `${dir}/${entry.name}`
      if (entry.isDirectory()) return contractsRuleFiles(file)
      if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts') || DECLARATIONS.includes(entry.name)) return []
      return /from 'zod'/.test(fs.readFileSync(file, 'utf8')) ? [] : [file]
    })
    .sort()
}

/**
 * The parts of a full run, in order: the contracts, then each service file.
 * @returns {{ name: string, kind: 'contracts' | 'services', project: string, mutate: string[], testFiles: string[] }[]}
 */
export function mutationParts() {
  const areaFiles = SERVICE_AREAS.flatMap((area) => {
    const dir = `apps/server/src/features/${area}`
    if (!fs.existsSync(dir)) return []
    return fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.service.ts'))
      .sort()
      .map((name) => `${area}/${name}`)
  })
  const services = [...areaFiles, ...SERVICE_FILES].map((file) => {
    const [area = '', name = ''] = file.split('/')
    const dir = `apps/server/src/features/${area}`
    const partName = `${area}/${name.replace(/\.ts$/, '')}`
    return {
      name: partName,
      kind: /** @type {const} */ ('services'),
      project: 'api-pglite',
      mutate: [`${dir}/${name}`],
      testFiles: PART_TESTS[/** @type {keyof typeof PART_TESTS} */ (partName)] ?? [
        `${dir}/*.test.ts`,
        ...(EXTRA_TESTS[/** @type {keyof typeof EXTRA_TESTS} */ (area)] ?? []),
      ],
    }
  })
  return [
    {
      name: 'contracts',
      kind: /** @type {const} */ ('contracts'),
      project: 'unit',
      mutate: contractsRuleFiles(),
      testFiles: [`${CONTRACTS_DIR}/**/*.test.ts`],
    },
    ...services,
  ]
}

/** Service files of apps/server/src no part measures yet: printed by every run until issue 33 is done. */
export function unmeasuredServices() {
  const measured = new Set(mutationParts().flatMap((part) => part.mutate))
  const found = (/** @type {string} */ dir) =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = `${dir}/${entry.name}`
      if (entry.isDirectory()) return found(file)
      return entry.name.endsWith('.service.ts') && !measured.has(file) ? [file] : []
    })
  return found('apps/server/src').sort()
}

/** The file name of a part's reports: 'tasks/tasks.service' → 'tasks__tasks.service'. */
export const partFileName = (name) => name.replace(/\//g, '__')

const partName = process.env.MUTATION_PART ?? 'contracts'
const part = mutationParts().find((candidate) => candidate.name === partName)
if (!part) throw new Error(`Unknown mutation part ${partName}`)
// Read by scripts/vitest.mutation.config.ts. The test files are chosen there, not with Stryker's own
// `testFiles`: with that option Stryker 9.6 runs static mutants (module-level constants) without
// activating them, so they all survive.
process.env.MUTATION_PROJECT = part.project
process.env.MUTATION_TEST_FILES = part.testFiles.join(',')

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'scripts/vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  concurrency: 1,
  mutate: part.mutate,
  incremental: true,
  incrementalFile: `reports/mutation/incremental/${partFileName(part.name)}.json`,
  reporters: ['json', 'clear-text', 'progress'],
  jsonReporter: { fileName: `reports/mutation/parts/${partFileName(part.name)}.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: true, reportScoreTable: true },
  thresholds: { high: BARS[part.kind], low: BARS[part.kind], break: null },
  // A loaded machine slows every test; a mutant is a timeout only when it is far past its dry-run time. At a load
  // of 20 on two cores a service's API tests run ten times slower than in the dry run, so 30 s timed out mutants
  // that only ran slowly (counted as killed, each restarting the test runner).
  timeoutMS: part.kind === 'services' ? 90_000 : 10_000,
  // The first, unmutated run of a service part's API tests takes minutes on a loaded machine (Stryker's default: 5).
  dryRunTimeoutMinutes: 30,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  // The sandbox needs the sources and configs only (node_modules is linked, not copied).
  ignorePatterns: [
    '/*',
    '!/apps',
    '!/packages',
    '!/scripts',
    '!/package.json',
    '!/tsconfig*.json',
    '!/vitest.config.ts',
    '/apps/*/dist*',
    '**/data',
  ],
}
