import type { AdminLocationSort, LocationRecord } from '@storageops/contracts/locations'
import type { ListParams } from '../../../lib/list-params.ts'
import { usePagedQuery } from '../../../lib/paged-query.ts'

export const locationKeys = {
  all: ['admin-locations'] as const,
  bulk: ['admin-locations', 'bulk-edit'] as const,
}

export function useAdminLocations(list: ListParams<AdminLocationSort>) {
  return usePagedQuery<LocationRecord>(locationKeys.all[0], '/api/locations?role=admin', list)
}
