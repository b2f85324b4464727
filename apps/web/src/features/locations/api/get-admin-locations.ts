import type { AdminLocationSort, LocationRecord } from '@storageops/contracts/locations'
import type { ListParams } from '../../../lib/list-params.ts'
import { usePagedQuery } from '../../../lib/paged-query.ts'

export const locationKeys = {
  all: ['admin-locations'] as const,
  bulk: ['admin-locations', 'bulk-edit'] as const,
}

/**
 * GET /api/locations?role=admin&limit=&offset=[&sort=&order=][&q=]: one page of locations with every field the role
 * may see, payment keys masked (spec: admin-console-part-1 §7; DESIGN §13).
 */
export function useAdminLocations(list: ListParams<AdminLocationSort>) {
  return usePagedQuery<LocationRecord>(locationKeys.all[0], '/api/locations?role=admin', list)
}
