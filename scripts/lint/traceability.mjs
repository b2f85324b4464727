import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import YAML from 'yaml'

export const DATA = 'docs/spec/traceability.yaml'
export const TABLE = 'docs/spec/traceability.md'

export const DOCUMENTS = {
  'snapshot-field-tool': 'docs/spec/snapshot-field-tool.md',
  'admin-console-part-1': 'docs/spec/admin-console-part-1.md',
  'admin-console-part-2': 'docs/spec/admin-console-part-2.md',
}

const TEST_CALLEES = new Set(['test', 'it'])
const GROUP_CALLEES = new Set(['describe'])
const NOT_RUN = new Set(['skip', 'todo', 'fixme'])

/** `test`, `it.only`, `test.describe.serial`, `test.each(rows)`… as [root, ...members]; null for any other callee. */
function calleeChain(expression) {
  if (ts.isCallExpression(expression)) return calleeChain(expression.expression)
  if (ts.isIdentifier(expression)) return [expression.text]
  if (ts.isPropertyAccessExpression(expression)) {
    const head = calleeChain(expression.expression)
    return head && [...head, expression.name.text]
  }
  return null
}

/** A title as written: literals as they read, `${…}` kept as written, `'a' + 'b'` joined; null when not literal. */
function titleText(node, source) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
  if (ts.isTemplateExpression(node))
    return (
      node.head.text +
      node.templateSpans.map((span) => '${' + span.expression.getText(source) + '}' + span.literal.text).join('')
    )
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = titleText(node.left, source)
    const right = titleText(node.right, source)
    return left === null || right === null ? null : left + right
  }
  if (ts.isParenthesizedExpression(node)) return titleText(node.expression, source)
  return null
}

/**
 * The tests a file declares, each with its describe path: `{ title, path }` where `path` is the enclosing
 * describe titles and the test's own title joined with ' > '. Skipped, todo and fixme tests are left out.
 */
export function testTitles(code, fileName = 'file.ts') {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, kind)
  const found = []
  const visit = (node, groups) => {
    if (ts.isCallExpression(node)) {
      const chain = calleeChain(node.expression)
      const [first] = node.arguments
      if (chain && first && !chain.some((member) => NOT_RUN.has(member))) {
        const isGroup = GROUP_CALLEES.has(chain[0]) || (TEST_CALLEES.has(chain[0]) && chain[1] === 'describe')
        const isTest = !isGroup && TEST_CALLEES.has(chain[0])
        const title = isGroup || isTest ? titleText(first, source) : null
        if (title !== null && isTest) found.push({ title, path: [...groups, title].join(' > ') })
        if (title !== null && isGroup) {
          node.arguments.forEach((argument) => visit(argument, [...groups, title]))
          return
        }
      }
    }
    ts.forEachChild(node, (child) => visit(child, groups))
  }
  visit(source, [])
  return found
}

const PLACEHOLDER = /\$\{[^}]*\}|\$[A-Za-z_][\w.]*|%[sdifjoO#%]/g

/** Whether a title named in the data is one the source declares: equal, or equal once its placeholders are filled. */
export function titleMatches(named, declared) {
  if (named === declared) return true
  if (!PLACEHOLDER.test(declared)) return false
  PLACEHOLDER.lastIndex = 0
  const pattern = declared
    .split(PLACEHOLDER)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.+?')
  return new RegExp(`^${pattern}$`).test(named)
}

/** Whether `title` names one of `declared` by its own title or by its describe path ('outer > inner > title'). */
export function namesTest(title, declared) {
  return declared.some((test) => titleMatches(title, test.title) || titleMatches(title, test.path))
}

const PREFIX = { 'snapshot-field-tool': 'sft', 'admin-console-part-1': 'ac1', 'admin-console-part-2': 'ac2' }

/**
 * The data as rows `{ id, doc, section, statement, tests: [{ file, test }], decision?, note? }`. In the file each
 * document lists its sections (`section: '§5 Validation rules'`) with their rows (`says`, `tests` as
 * 'file :: title', `decision`, `note`); a file's first folder may be one of `paths` (e.g. `e2e` for apps/web/e2e).
 * Ids are the document, the section's number and the row's place in it.
 */
export function flatten(data) {
  const aliases = data.paths ?? {}
  const statements = []
  for (const doc of Object.keys(DOCUMENTS)) {
    const counters = new Map()
    for (const { section, rows } of data[doc] ?? []) {
      const number = /^§(\d+)/.exec(section)?.[1] ?? '0'
      for (const row of rows ?? []) {
        const at = (counters.get(number) ?? 0) + 1
        counters.set(number, at)
        statements.push({
          id: `${PREFIX[doc]}-${number}.${String(at).padStart(2, '0')}`,
          doc,
          section,
          statement: row.says,
          tests: (row.tests ?? []).map((entry) => {
            const [file, ...title] = String(entry).split(' :: ')
            const [head, ...rest] = file.trim().split('/')
            return { file: [aliases[head] ?? head, ...rest].join('/'), test: title.join(' :: ').trim() }
          }),
          ...(row.decision ? { decision: row.decision } : {}),
          ...(row.note ? { note: row.note } : {}),
        })
      }
    }
  }
  return { preamble: data.preamble ?? '', statements }
}

export function readData(root = '.') {
  return flatten(YAML.parse(fs.readFileSync(path.join(root, DATA), 'utf8')))
}

/** Rows whose named test file is missing or declares no test of that title; each problem as one line. */
export function missingTests(data, root = '.') {
  const cache = new Map()
  const declared = (file) => {
    if (!cache.has(file)) {
      const full = path.join(root, file)
      cache.set(file, fs.existsSync(full) ? testTitles(fs.readFileSync(full, 'utf8'), file) : null)
    }
    return cache.get(file)
  }
  const problems = []
  for (const row of data.statements)
    for (const proof of row.tests ?? []) {
      const tests = declared(proof.file)
      if (!proof.test) continue
      if (tests === null) problems.push(`${row.id}: ${proof.file} does not exist`)
      else if (!namesTest(proof.test, tests)) problems.push(`${row.id}: no test '${proof.test}' in ${proof.file}`)
    }
  return problems
}

/** Mistakes in the data itself: duplicate ids, unknown documents, rows without a statement, decisions not on disk. */
export function dataProblems(data, root = '.') {
  const problems = []
  const seen = new Set()
  for (const row of data.statements) {
    if (seen.has(row.id)) problems.push(`${row.id}: id used twice`)
    seen.add(row.id)
    if (!DOCUMENTS[row.doc]) problems.push(`${row.id}: unknown document '${row.doc}'`)
    if (!row.section || !row.statement) problems.push(`${row.id}: section and statement are required`)
    for (const proof of row.tests)
      if (!proof.test) problems.push(`${row.id}: a test is 'file :: title', not '${proof.file}'`)
    if (row.decision && !fs.existsSync(path.join(root, row.decision)))
      problems.push(`${row.id}: ${row.decision} does not exist`)
    if (row.decision && !/^docs\/decisions\/\d{3}-[\w-]+\.md$/.test(row.decision))
      problems.push(`${row.id}: a decision is docs/decisions/NNN-*.md`)
  }
  return problems
}

export function statusOf(row) {
  if (row.decision) return 'different'
  return row.tests?.length ? 'covered' : 'gap'
}

export function counts(data) {
  const all = data.statements.map(statusOf)
  const count = (status) => all.filter((each) => each === status).length
  return { statements: all.length, covered: count('covered'), different: count('different'), gaps: count('gap') }
}

const cell = (text) =>
  String(text)
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')

function proofCell(row) {
  const tests = (row.tests ?? []).map((proof) => `\`${proof.file}\`: ${proof.test}`)
  const decision = row.decision ? [`**Decision** [${path.basename(row.decision)}](../../${row.decision})`] : []
  const note = row.note ? [`_${row.note}_`] : []
  return cell([...decision, ...tests, ...note].join('<br>') || '**gap**')
}

/** The markdown table, rendered from the data: counts, then one table per document and section, then the gaps. */
export function render(data) {
  const { statements, covered, different, gaps } = counts(data)
  const lines = [
    '# Traceability: every checkable statement of the spec, and the test that proves it',
    '',
    `<!-- Rendered from ${path.basename(DATA)} by \`node scripts/lint/traceability.mjs --write\`; edit the data, not this file. -->`,
    '',
    ...data.preamble.trim().split('\n'),
    '',
    `| Statements | Covered by a test | Deliberately different (decision record) | Gaps left |`,
    `| ---: | ---: | ---: | ---: |`,
    `| ${statements} | ${covered} | ${different} | ${gaps} |`,
    '',
  ]
  for (const [doc, file] of Object.entries(DOCUMENTS)) {
    const rows = data.statements.filter((row) => row.doc === doc)
    lines.push(`## ${doc} ([${path.basename(file)}](${path.basename(file)}))`, '')
    let section = null
    for (const row of rows) {
      if (row.section !== section) {
        section = row.section
        lines.push('', `### ${doc} ${section}`, '', '| Id | Statement | Proved by |', '| --- | --- | --- |')
      }
      lines.push(`| ${row.id} | ${cell(row.statement)} | ${proofCell(row)} |`)
    }
    lines.push('')
  }
  const open = data.statements.filter((row) => statusOf(row) === 'gap')
  lines.push('## Gaps', '')
  if (open.length === 0) lines.push('None: every statement has a test or a decision record.')
  else for (const row of open) lines.push(`- ${row.id} (${row.doc} ${row.section}): ${cell(row.statement)}`)
  lines.push('')
  return lines.join('\n')
}

/** Every problem of the table: data mistakes, tests that no longer exist, and a markdown not current. */
export function check(root = '.') {
  const data = readData(root)
  const problems = [...dataProblems(data, root), ...missingTests(data, root)]
  const table = path.join(root, TABLE)
  if (!fs.existsSync(table) || fs.readFileSync(table, 'utf8') !== render(data))
    problems.push(`${TABLE} is not current with ${DATA}: run node scripts/lint/traceability.mjs --write`)
  return problems
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--write')) fs.writeFileSync(TABLE, render(readData()))
  const problems = check()
  const { statements, covered, different, gaps } = counts(readData())
  if (problems.length > 0) {
    console.error(`traceability: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`)
    process.exit(1)
  }
  console.log(`traceability: ${statements} statements, ${covered} covered, ${different} different, ${gaps} gaps`)
}
