import { describe, expect, test } from 'vitest'
import { listApiQuery, nextSort, readListState, writeListState } from './list-params.ts'

const SORTS = ['name', 'city'] as const
const read = (search: string, prefix?: string) => readListState(new URLSearchParams(search), { sorts: SORTS, prefix })
const write = (search: string, change: Parameters<typeof writeListState>[1], prefix?: string) =>
  writeListState(new URLSearchParams(search), change, prefix).toString()

describe('a list state in the URL', () => {
  test('an empty query string is page 1 of the whole list in its own order', () => {
    expect(read('')).toEqual({ q: '', sort: null, order: 'asc', page: 1 })
  })

  test('search, sort, order and page are read back as written', () => {
    expect(read('q=austin&sort=city&order=desc&page=3')).toEqual({ q: 'austin', sort: 'city', order: 'desc', page: 3 })
  })

  test('an unknown sort, a strange order and a bad page fall back to the defaults', () => {
    expect(read('sort=slug&order=up&page=-2')).toEqual({ q: '', sort: null, order: 'asc', page: 1 })
    expect(read('page=2.5').page).toBe(1)
    expect(read('page=abc').page).toBe(1)
  })

  test('a prefix keeps two lists of one screen apart', () => {
    expect(read('winners_page=4&page=2', 'winners_')).toMatchObject({ page: 4 })
    expect(write('page=2', { page: 5 }, 'winners_')).toBe('page=2&winners_page=5')
  })

  test('defaults are left out of the URL and other parameters are kept', () => {
    expect(write('tab=2&page=3', { page: 1 })).toBe('tab=2')
    expect(write('q=austin', { q: '  ' })).toBe('')
    expect(write('sort=city&order=desc', { sort: null, order: 'asc' })).toBe('')
    expect(write('', { sort: 'city', order: 'asc' })).toBe('sort=city')
  })

  test('a new search or sort starts again at page 1; a new page keeps the search and sort', () => {
    expect(write('q=aus&page=4', { q: 'austin' })).toBe('q=austin')
    expect(write('sort=city&page=4', { sort: 'city', order: 'desc' })).toBe('sort=city&order=desc')
    expect(write('q=aus&sort=city&order=desc', { page: 2 })).toBe('q=aus&sort=city&order=desc&page=2')
  })
})

describe('the sort cycle of a header', () => {
  test('unsorted → ascending → descending → unsorted', () => {
    const first = nextSort({ sort: null, order: 'asc' }, 'city')
    expect(first).toEqual({ sort: 'city', order: 'asc' })
    const second = nextSort(first, 'city')
    expect(second).toEqual({ sort: 'city', order: 'desc' })
    expect(nextSort(second, 'city')).toEqual({ sort: null, order: 'asc' })
  })

  test('another column starts ascending, whatever the current one was', () => {
    expect(nextSort({ sort: 'city', order: 'desc' }, 'name')).toEqual({ sort: 'name', order: 'asc' })
  })
})

describe('the API query of a state', () => {
  test('page 3 of 25 is offset 50; sort and order go together; q is trimmed and left out when blank', () => {
    expect(listApiQuery({ q: ' austin ', sort: 'city', order: 'desc', page: 3 }, 25)).toBe(
      'limit=25&offset=50&sort=city&order=desc&q=austin',
    )
    expect(listApiQuery({ q: '  ', sort: null, order: 'desc', page: 1 }, 20)).toBe('limit=20&offset=0')
  })
})
