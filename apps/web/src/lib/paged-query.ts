import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { RecordsPage } from '@storageops/contracts/list-query'
import { api } from './api.ts'
import type { ListParams } from './list-params.ts'

/**
 * The page a list's URL asks for as `{ rows, count }` (DESIGN §13); the previous page stays while the next loads.
 * `key`: the query key's start; `refetchEvery(page)`: ms until read again, or false.
 */
export function usePagedQuery<Row, Page extends RecordsPage<Row> = RecordsPage<Row>>(
  key: string | readonly string[],
  path: string,
  list: Pick<ListParams, 'apiQuery'>,
  refetchEvery?: (data: Page | undefined) => number | false,
) {
  return useQuery({
    queryKey: [...(typeof key === 'string' ? [key] : key), list.apiQuery],
    queryFn: () => api.get<Page>(`${path}${path.includes('?') ? '&' : '?'}${list.apiQuery}`),
    placeholderData: keepPreviousData,
    refetchInterval: refetchEvery ? (query) => refetchEvery(query.state.data) : false,
  })
}
