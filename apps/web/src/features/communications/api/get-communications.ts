import { COMMUNICATION_HISTORY_PAGE_SIZE, type Communication } from '@storageops/contracts/communications'
import { usePagedQuery } from '../../../lib/paged-query.ts'

/** GET /api/communications?limit=20&offset={n} (spec: admin-console-part-2 §7): rows and count. */
export function useCommunications(page: number) {
  return usePagedQuery<Communication>('communications', '/api/communications', COMMUNICATION_HISTORY_PAGE_SIZE, page)
}
