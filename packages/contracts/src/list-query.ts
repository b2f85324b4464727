import { z } from 'zod'
import { INT4_MAX, text } from './primitives.ts'

/** The list pattern of DESIGN §13 (decision 021): optional paging on the spec's path; none sent, the spec's shape. */

export const LIST_LIMIT_MAX = 100
/** Longest search text, in characters. */
export const LIST_SEARCH_MAX = 200

export const SORT_ORDERS = ['asc', 'desc'] as const
export const SortOrder = z.enum(SORT_ORDERS)
export type SortOrder = z.infer<typeof SortOrder>

/** `sort` absent: the list's own order; `order` absent: ascending; `q` trimmed, blank meaning none. Bad: 400 naming it. */
export const ListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).optional(),
  offset: z.coerce.number().int().min(0).max(INT4_MAX).optional(),
  sort: text().trim().min(1).max(64).optional(),
  order: SortOrder.optional(),
  q: text()
    .trim()
    .max(LIST_SEARCH_MAX)
    .optional()
    .transform((value) => value || undefined),
})
export type ListQuery = z.output<typeof ListQuery>

/** A list's query schema with its sortable columns named: any other `sort` is 400 naming `sort`. */
export function listQuery<const Sort extends string>(sorts: readonly [Sort, ...Sort[]]) {
  return ListQuery.extend({ sort: z.enum(sorts).optional() })
}
export type ListQueryOf<Sort extends string> = Omit<ListQuery, 'sort'> & { sort?: Sort }

const LIST_PARAMS = ['limit', 'offset', 'sort', 'order', 'q'] as const

/** Whether a request sent any list parameter; without one a route answers the spec's unpaged shape. */
export function asksForPage(query: Partial<Record<(typeof LIST_PARAMS)[number], unknown>>): boolean {
  return LIST_PARAMS.some((name) => query[name] !== undefined)
}

/** One page of a list and how many rows the whole (searched) list has (spec: admin-console-part-2 §7). */
export interface RecordsPage<Row> {
  rows: Row[]
  count: number
}

export function recordsPage<Row extends z.ZodType>(row: Row) {
  return z.object({ rows: z.array(row), count: z.number().int().min(0) })
}

/** The spec's unpaged answer, or one page when the request asked for one. */
export function listOrPage<Row extends z.ZodType>(row: Row) {
  return z.union([z.array(row), recordsPage(row)])
}
