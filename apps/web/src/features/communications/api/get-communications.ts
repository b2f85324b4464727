import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { COMMUNICATION_HISTORY_PAGE_SIZE, type CommunicationsPage } from '@storageops/contracts/communications'
import { api } from '../../../lib/api.ts'

/** GET /api/communications?limit=20&offset={n} (spec: admin-console-part-2 §7): rows and count. */
export function getCommunications(offset: number) {
  return api.get<CommunicationsPage>(`/api/communications?limit=${COMMUNICATION_HISTORY_PAGE_SIZE}&offset=${offset}`)
}

/** One page of Communication History; the previous page stays on screen while the next loads. */
export function useCommunications(page: number) {
  const offset = (page - 1) * COMMUNICATION_HISTORY_PAGE_SIZE
  return useQuery({
    queryKey: ['communications', offset],
    queryFn: () => getCommunications(offset),
    placeholderData: keepPreviousData,
  })
}
