import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { WALKTHROUGH_PAGE_SIZE } from '@storageops/contracts/walkthrough-rules'
import type { WalkthroughList } from '@storageops/contracts/walkthroughs'
import { api } from '../../../lib/api.ts'
import { walkthroughKeys } from './walkthrough-keys.ts'

/** GET /api/walkthroughs?location_code=&limit=&offset=: a facility's walkthroughs, newest first, and the one under way. */
export function getWalkthroughs(siteCode: string, page: number) {
  const query = new URLSearchParams({
    location_code: siteCode,
    limit: String(WALKTHROUGH_PAGE_SIZE),
    offset: String((page - 1) * WALKTHROUGH_PAGE_SIZE),
  })
  return api.get<WalkthroughList>(`/api/walkthroughs?${query}`)
}

/** Page `page` (from 1) of a facility's archive; the previous page stays on screen while the next loads. */
export function useWalkthroughs(siteCode: string, page: number) {
  return useQuery({
    queryKey: walkthroughKeys.list(siteCode, page),
    queryFn: () => getWalkthroughs(siteCode, page),
    placeholderData: keepPreviousData,
  })
}
