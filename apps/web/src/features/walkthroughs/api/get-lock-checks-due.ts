import type { LockCheckRow, LockChecksDue } from '@storageops/contracts/walkthroughs'
import type { ListParams } from '../../../lib/list-params.ts'
import { usePagedQuery } from '../../../lib/paged-query.ts'
import { walkthroughKeys } from './walkthrough-keys.ts'

/** GET /api/walkthroughs/due?limit=&offset=[&sort=&order=][&q=]: the URL's page of the facilities due a lock check. */
export function useLockChecksDue(list: ListParams) {
  return usePagedQuery<LockCheckRow, LockChecksDue>(walkthroughKeys.due, '/api/walkthroughs/due', list)
}
