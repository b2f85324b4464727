import { expect, test } from 'vitest'
import { countLines } from './comment-share.ts'

test('a line counts as comment once, whatever holds it: a doc block, a // line, a comment after code', () => {
  const source = [
    '/**',
    ' * Two lines of a doc block',
    ' */',
    'export const a = 1 // after code',
    '',
    '// a line of its own',
    'export function b() {',
    '  return a /* inside */ + 1 /* twice */',
    '}',
  ].join('\n')
  expect(countLines(source)).toEqual({ lines: 8, commentLines: 6 })
})

test('JSX comments count, and a string holding // or /* does not', () => {
  const source = [
    "const url = 'http://example.com/*not a comment*/'",
    'export const view = (',
    '  <div>',
    '    {/* why the div */}',
    '  </div>',
    ')',
  ].join('\n')
  expect(countLines(source, 'view.tsx')).toEqual({ lines: 6, commentLines: 1 })
})
