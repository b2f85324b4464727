import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { RecordsPage } from '@storageops/contracts/list-query'
import { api } from './api.ts'
import type { ListParams } from './list-params.ts'

/**
 * The page a list's URL asks for (`useListParams`): GET `path?limit=&offset=[&sort=&order=][&q=]`, `{ rows, count }`
 * (DESIGN §13); the previous page stays on screen while the next loads. `refetchEvery(page)`: milliseconds until
 * the page is read again, or false. `Page`: an answer with more than `{ rows, count }`.
 */
export function usePagedQuery<Row, Page extends RecordsPage<Row> = RecordsPage<Row>>(
  key: string,
  path: string,
  list: Pick<ListParams, 'apiQuery'>,
  refetchEvery?: (data: Page | undefined) => number | false,
) {
  return useQuery({
    queryKey: [key, list.apiQuery],
    queryFn: () => api.get<Page>(`${path}?${list.apiQuery}`),
    placeholderData: keepPreviousData,
    refetchInterval: refetchEvery ? (query) => refetchEvery(query.state.data) : false,
  })
}
