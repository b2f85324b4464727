import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { newestChange } from './web-dist.ts'

let root: string
const at = (file: string, seconds: number) => {
  const full = path.join(root, file)
  fs.mkdirSync(path.dirname(full), { recursive: true })
  fs.writeFileSync(full, '')
  fs.utimesSync(full, seconds, seconds)
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-test-'))
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

test('newestChange is the newest source file, however deep', () => {
  at('web/index.html', 1_000)
  at('web/src/app/routes/page.tsx', 3_000)
  at('packages/contracts/src/list.ts', 2_000)
  expect(newestChange([path.join(root, 'web'), path.join(root, 'packages')])).toBe(3_000_000)
})

test('newestChange leaves out dependencies, builds, journeys, test output and tsc’s build info', () => {
  at('web/src/main.tsx', 1_000)
  for (const file of [
    'web/node_modules/x/index.js',
    'web/dist/index.html',
    'web/e2e/list.spec.ts',
    'web/test-results/trace.zip',
    'web/tsconfig.tsbuildinfo',
  ])
    at(file, 9_000)
  expect(newestChange([path.join(root, 'web'), path.join(root, 'missing')])).toBe(1_000_000)
})
