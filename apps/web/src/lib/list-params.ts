import { useSearchParams } from 'react-router'
import type { SortOrder } from '@storageops/contracts/list-query'

/**
 * A list's search, sort and page in the URL (DESIGN §13, decision 021): `?q=austin&sort=city&order=desc&page=3`;
 * `prefix` tells two lists of a screen apart.
 */
export interface ListState<Sort extends string = string> {
  q: string
  /** null: the list's own order. */
  sort: Sort | null
  order: SortOrder
  /** From 1. */
  page: number
}

export interface ListOptions<Sort extends string> {
  /** The sort names the list's API takes; any other in the URL is ignored. */
  sorts: readonly Sort[]
  pageSize: number
  prefix?: string
}

const names = (prefix = '') => ({
  q: `${prefix}q`,
  sort: `${prefix}sort`,
  order: `${prefix}order`,
  page: `${prefix}page`,
})

export function readListState<Sort extends string>(
  params: URLSearchParams,
  { sorts, prefix }: Pick<ListOptions<Sort>, 'sorts' | 'prefix'>,
): ListState<Sort> {
  const name = names(prefix)
  const sort = params.get(name.sort)
  const page = Number(params.get(name.page))
  return {
    q: params.get(name.q) ?? '',
    sort: sort && (sorts as readonly string[]).includes(sort) ? (sort as Sort) : null,
    order: params.get(name.order) === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  }
}

/** `params` with `change` applied and defaults left out; a new search or sort starts at page 1. */
export function writeListState(params: URLSearchParams, change: Partial<ListState>, prefix?: string): URLSearchParams {
  const name = names(prefix)
  const next = new URLSearchParams(params)
  const put = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key))
  if (change.q !== undefined || change.sort !== undefined || change.order !== undefined) next.delete(name.page)
  if (change.q !== undefined) put(name.q, change.q.trim() ? change.q : null)
  if (change.sort !== undefined) {
    put(name.sort, change.sort)
    put(name.order, change.sort && change.order === 'desc' ? 'desc' : null)
  } else if (change.order !== undefined) put(name.order, change.order === 'desc' ? 'desc' : null)
  if (change.page !== undefined) put(name.page, change.page > 1 ? String(change.page) : null)
  return next
}

/** A header click: unsorted → ascending → descending → unsorted, a new column starting ascending (the spec's cycle). */
export function nextSort<Sort extends string>(
  state: Pick<ListState<Sort>, 'sort' | 'order'>,
  column: Sort,
): { sort: Sort | null; order: SortOrder } {
  if (state.sort !== column) return { sort: column, order: 'asc' }
  if (state.order === 'asc') return { sort: column, order: 'desc' }
  return { sort: null, order: 'asc' }
}

export function listApiQuery(state: ListState, pageSize: number): string {
  const query = new URLSearchParams({ limit: String(pageSize), offset: String((state.page - 1) * pageSize) })
  if (state.sort) {
    query.set('sort', state.sort)
    query.set('order', state.order)
  }
  if (state.q.trim()) query.set('q', state.q.trim())
  return query.toString()
}

export interface ListParams<Sort extends string = string> extends ListState<Sort> {
  pageSize: number
  apiQuery: string
  /** A new search text (replaces the history entry: typing is not a step Back should walk through). */
  setQ(this: void, q: string): void
  toggleSort(this: void, column: Sort): void
  /** The phones' sort choice: a column and direction, or null for the list's own order. */
  setSort(this: void, sort: Sort | null, order?: SortOrder): void
  setPage(this: void, page: number): void
}

export function useListParams<Sort extends string>(options: ListOptions<Sort>): ListParams<Sort> {
  const [params, setParams] = useSearchParams()
  const state = readListState(params, options)
  const change = (update: Partial<ListState>, replace = false) =>
    setParams((current) => writeListState(current, update, options.prefix), { replace })
  return {
    ...state,
    pageSize: options.pageSize,
    apiQuery: listApiQuery(state, options.pageSize),
    setQ: (q) => change({ q }, true),
    toggleSort: (column) => change(nextSort(state, column)),
    setSort: (sort, order = 'asc') => change({ sort, order }),
    setPage: (page) => change({ page }),
  }
}
