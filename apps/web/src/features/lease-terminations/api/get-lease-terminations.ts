import type { LeaseTermination } from '@storageops/contracts/lease-terminations'
import type { ListParams } from '../../../lib/list-params.ts'
import { usePagedQuery } from '../../../lib/paged-query.ts'

export function useLeaseTerminations(list: ListParams) {
  return usePagedQuery<LeaseTermination>('lease-terminations', '/api/lease_terminations', list, (data) =>
    data?.rows.some((row) => row.status === 'pending') ? 5000 : false,
  )
}
