import { describe, expect, test } from 'vitest'
import { asksForPage, ListQuery, listOrPage, listQuery, recordsPage } from './list-query.ts'
import { z } from 'zod'

const Query = listQuery(['name', 'city'])
const failedField = (input: Record<string, string>) =>
  Query.safeParse(input).error?.issues.map((issue) => issue.path.join('.'))

describe('a list query', () => {
  test('query-string values are read as numbers, the search trimmed and a blank one dropped', () => {
    expect(Query.parse({ limit: '25', offset: '50', sort: 'city', order: 'desc', q: ' austin ' })).toEqual({
      limit: 25,
      offset: 50,
      sort: 'city',
      order: 'desc',
      q: 'austin',
    })
    expect(Query.parse({ q: '   ' })).toEqual({})
  })

  test.each([
    [{ limit: '0' }, 'limit'],
    [{ limit: '101' }, 'limit'],
    [{ limit: '2.5' }, 'limit'],
    [{ offset: '-1' }, 'offset'],
    [{ offset: '2147483648' }, 'offset'],
    [{ sort: 'slug' }, 'sort'],
    [{ order: 'up' }, 'order'],
    [{ q: 'x'.repeat(201) }, 'q'],
    [{ q: 'a\u0000b' }, 'q'],
  ])('%o is refused naming %s', (input, field) => {
    expect(failedField(input)).toEqual([field])
  })

  test('the shared query takes any sort name; a list’s own takes only its columns', () => {
    expect(ListQuery.parse({ sort: 'anything' }).sort).toBe('anything')
    expect(Query.safeParse({ sort: 'anything' }).success).toBe(false)
  })

  test('a request asks for a page when it sends any list parameter', () => {
    expect(asksForPage({})).toBe(false)
    expect(asksForPage({ q: undefined })).toBe(false)
    for (const name of ['limit', 'offset', 'sort', 'order', 'q']) expect(asksForPage({ [name]: 'x' })).toBe(true)
  })
})

describe('a paged answer', () => {
  test('is rows and a count; a list answer is either the whole array or one page', () => {
    const Row = z.object({ id: z.number() })
    expect(recordsPage(Row).parse({ rows: [{ id: 1 }], count: 7 })).toEqual({ rows: [{ id: 1 }], count: 7 })
    expect(recordsPage(Row).safeParse({ rows: [], count: -1 }).success).toBe(false)
    expect(listOrPage(Row).parse([{ id: 2 }])).toEqual([{ id: 2 }])
    expect(listOrPage(Row).parse({ rows: [], count: 0 })).toEqual({ rows: [], count: 0 })
  })
})
