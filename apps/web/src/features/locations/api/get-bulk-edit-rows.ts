import type { BulkEditRow, BulkEditSort } from '@storageops/contracts/locations'
import type { ListParams } from '../../../lib/list-params.ts'
import { usePagedQuery } from '../../../lib/paged-query.ts'
import { locationKeys } from './get-admin-locations.ts'

export function useBulkEditRows(list: ListParams<BulkEditSort>) {
  return usePagedQuery<BulkEditRow>(locationKeys.bulk, '/api/locations_bulk_edit', list)
}
