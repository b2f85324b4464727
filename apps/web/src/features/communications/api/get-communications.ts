import type { Communication } from '@storageops/contracts/communications'
import type { ListParams } from '../../../lib/list-params.ts'
import { usePagedQuery } from '../../../lib/paged-query.ts'

export function useCommunications(list: ListParams) {
  return usePagedQuery<Communication>('communications', '/api/communications', list)
}
