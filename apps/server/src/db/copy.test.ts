import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { useTestContext } from '../test/context.ts'
import { copyRows, fromCopyText, readCopy } from './copy.ts'

const ctx = useTestContext()

test('COPY keeps nulls, empty strings, quotes, commas, line breaks, a literal \\N and booleans apart', async () => {
  await ctx.db.execute(sql`create table copy_check (id serial, a text, b integer, c boolean, d text not null)`)
  await copyRows(
    ctx.db,
    'copy_check',
    ['a', 'b', 'c', 'd'],
    [
      { a: null, b: 3, c: true, d: '' },
      { a: 'x"y,z\nq', b: null, c: false, d: '2026-01-01' },
      { a: '\\N', b: 0, c: undefined, d: ' ' },
    ],
  )
  await copyRows(ctx.db, 'copy_check', ['a', 'b', 'c', 'd'], [])
  const result: unknown = await ctx.db.execute(sql`select a, b, c, d from copy_check order by id`)
  expect((result as { rows: unknown[] }).rows).toEqual([
    { a: null, b: 3, c: true, d: '' },
    { a: 'x"y,z\nq', b: null, c: false, d: '2026-01-01' },
    { a: '\\N', b: 0, c: null, d: ' ' },
  ])
})

test('COPY out reads back what COPY in wrote: tabs, line breaks, backslashes and NULL', async () => {
  await ctx.db.execute(sql`create table copy_out (id serial, a text)`)
  const values = ['plain', 'tab\there', 'two\nlines\r', 'back\\slash \\N', null, '']
  await copyRows(
    ctx.db,
    'copy_out',
    ['a'],
    values.map((a) => ({ a })),
  )
  const read: Array<string | null> = []
  await readCopy(ctx.db, 'select a from copy_out order by id', (lines) => {
    read.push(...lines.map(fromCopyText))
  })
  expect(read).toEqual(values)
})
