import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import YAML from 'yaml'
import {
  DATA,
  TABLE,
  check,
  counts,
  flatten,
  missingTests,
  namesTest,
  readData,
  render,
  testTitles,
  titleMatches,
} from './traceability.mjs'

const root = path.resolve(import.meta.dirname, '../..')

const SOURCE = `
import { describe, test, it } from 'vitest'
test('a plain title', () => {})
describe('outer', () => {
  it("inner's title", () => {})
  describe.each([['a'], ['b']])('group %s', () => {
    test(\`closes \${kind} tasks\`, () => {})
  })
})
test.each([[1, 2]])('%s plus %s', () => {})
test.describe('journeys', () => {
  test('a journey', async () => {})
})
test.skip('a skipped test', () => {})
test.todo('a test to write')
test('joined ' + 'title', () => {})
test(
  'a title on its own line',
  () => {},
)
`

function scratch(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'traceability-'))
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    fs.writeFileSync(path.join(dir, file), text)
  }
  return dir
}

const DATA_TEXT = `
paths:
  e2e: apps/web/e2e
preamble: A table.
snapshot-field-tool:
  - section: §5 Validation rules
    rows:
      - says: 'Add Note with an empty note gives the warning ''Please enter comment!''.'
        tests:
          - 'e2e/notes.spec.ts :: outer > inner''s title'
      - says: A rule read otherwise.
        decision: docs/decisions/001-a.md
      - says: A rule without a test.
admin-console-part-1:
  - section: §9 Business constants and limits
    rows:
      - says: 'Auction winners page size: 20.'
        tests:
          - 'e2e/notes.spec.ts :: closes unit tasks'
`

describe('test titles read from a test file', () => {
  const tests = testTitles(SOURCE, 'x.test.ts')

  test('each test with its describe path; skipped and todo tests are left out', () => {
    expect(tests.map((each) => each.path)).toEqual([
      'a plain title',
      "outer > inner's title",
      'outer > group %s > closes ${kind} tasks',
      '%s plus %s',
      'journeys > a journey',
      'joined title',
      'a title on its own line',
    ])
  })

  test('a test is named by its own title or its path, placeholders filled in or as written', () => {
    expect(namesTest("inner's title", tests)).toBe(true)
    expect(namesTest("outer > inner's title", tests)).toBe(true)
    expect(namesTest('closes unit tasks', tests)).toBe(true)
    expect(namesTest('closes ${kind} tasks', tests)).toBe(true)
    expect(namesTest('outer > group b > closes unit tasks', tests)).toBe(true)
    expect(namesTest('1 plus 2', tests)).toBe(true)
    expect(namesTest('journeys > a journey', tests)).toBe(true)
  })

  test('a changed, partial, skipped or missing title is not a test', () => {
    expect(namesTest('a plain title!', tests)).toBe(false)
    expect(namesTest('a plain', tests)).toBe(false)
    expect(namesTest('closes tasks', tests)).toBe(false)
    expect(namesTest('a skipped test', tests)).toBe(false)
    expect(namesTest('a test to write', tests)).toBe(false)
    expect(namesTest('inner > a plain title', tests)).toBe(false)
    expect(titleMatches('x plus', '%s plus %s')).toBe(false)
  })
})

describe('the table', () => {
  const notes = 'import { test } from "vitest"\ndescribe("outer", () => { test("inner\'s title", () => {}) })\n'

  test('rows get ids by document and section; aliases expand; counts split covered, different and gaps', () => {
    const data = flatten(YAML.parse(DATA_TEXT))
    expect(data.statements.map((row) => row.id)).toEqual(['sft-5.01', 'sft-5.02', 'sft-5.03', 'ac1-9.01'])
    expect(data.statements[0]).toMatchObject({
      statement: "Add Note with an empty note gives the warning 'Please enter comment!'.",
      tests: [{ file: 'apps/web/e2e/notes.spec.ts', test: "outer > inner's title" }],
    })
    expect(counts(data)).toEqual({ statements: 4, covered: 2, different: 1, gaps: 1 })
    const table = render(data)
    expect(table).toContain('| 4 | 2 | 1 | 1 |')
    expect(table).toContain('- sft-5.03 (snapshot-field-tool §5 Validation rules): A rule without a test.')
  })

  test('fails when a named test is renamed or its file is gone, and when the markdown is stale', () => {
    const dir = scratch({
      [DATA]: DATA_TEXT,
      'docs/decisions/001-a.md': '# 001\n',
      'apps/web/e2e/notes.spec.ts': notes.replace('inner', 'outer') + 'test(`closes ${kind} tasks`, () => {})\n',
    })
    fs.writeFileSync(path.join(dir, TABLE), render(readData(dir)))
    expect(check(dir)).toEqual(["sft-5.01: no test 'outer > inner's title' in apps/web/e2e/notes.spec.ts"])
    fs.rmSync(path.join(dir, 'apps/web/e2e/notes.spec.ts'))
    fs.appendFileSync(path.join(dir, TABLE), '\nedited by hand\n')
    expect(check(dir)).toEqual([
      'sft-5.01: apps/web/e2e/notes.spec.ts does not exist',
      'ac1-9.01: apps/web/e2e/notes.spec.ts does not exist',
      `${TABLE} is not current with ${DATA}: run node scripts/lint/traceability.mjs --write`,
    ])
  })

  test('names a decision record that is missing, and a test entry without a title', () => {
    const dir = scratch({
      [DATA]: DATA_TEXT.replace("'e2e/notes.spec.ts :: closes unit tasks'", 'e2e/notes.spec.ts'),
      'apps/web/e2e/notes.spec.ts': notes,
    })
    fs.writeFileSync(path.join(dir, TABLE), render(readData(dir)))
    expect(check(dir)).toEqual([
      'sft-5.02: docs/decisions/001-a.md does not exist',
      "ac1-9.01: a test is 'file :: title', not 'apps/web/e2e/notes.spec.ts'",
    ])
  })

  test("the repository's table names only tests that exist and is current", () => {
    expect(missingTests(readData(root), root)).toEqual([])
    expect(check(root)).toEqual([])
  })
})
