import type { Communication } from '@storageops/contracts/communications'
import type { ListParams } from '../../../lib/list-params.ts'
import { usePagedQuery } from '../../../lib/paged-query.ts'

/** GET /api/communications?limit=20&offset={n} (spec: admin-console-part-2 §7): rows and count. */
export function useCommunications(list: ListParams) {
  return usePagedQuery<Communication>('communications', '/api/communications', list)
}
