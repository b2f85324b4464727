import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from './api.ts'

/** One page of a limit/offset list answer (spec: admin-console-part-2 §7 'rows, count'). */
export interface RecordsPage<Row> {
  rows: Row[]
  count: number
}

/**
 * Page `page` (from 1) of GET `path?limit=&offset=`; the previous page stays on screen while the next
 * loads. `refetchEvery(page)`: milliseconds until the page is read again, or false.
 */
export function usePagedQuery<Row>(
  key: string,
  path: string,
  pageSize: number,
  page: number,
  refetchEvery?: (data: RecordsPage<Row> | undefined) => number | false,
) {
  const offset = (page - 1) * pageSize
  return useQuery({
    queryKey: [key, offset],
    queryFn: () => api.get<RecordsPage<Row>>(`${path}?limit=${pageSize}&offset=${offset}`),
    placeholderData: keepPreviousData,
    refetchInterval: refetchEvery ? (query) => refetchEvery(query.state.data) : false,
  })
}
