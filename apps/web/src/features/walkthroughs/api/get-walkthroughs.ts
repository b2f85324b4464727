import type { WalkthroughList, WalkthroughSummary } from '@storageops/contracts/walkthroughs'
import type { ListParams } from '../../../lib/list-params.ts'
import { usePagedQuery } from '../../../lib/paged-query.ts'
import { walkthroughKeys } from './walkthrough-keys.ts'

/** GET /api/walkthroughs?location_code=&limit=&offset=[&sort=&order=]: the URL's page of a facility's archive. */
export function useWalkthroughs(siteCode: string, list: ListParams) {
  return usePagedQuery<WalkthroughSummary, WalkthroughList>(walkthroughKeys.archive, '/api/walkthroughs', {
    apiQuery: `location_code=${encodeURIComponent(siteCode)}&${list.apiQuery}`,
  })
}
