import { useQuery } from '@tanstack/react-query'
import type { BulkEditRow } from '@storageops/contracts/locations'
import { api } from '../../../lib/api.ts'
import { locationKeys } from './get-admin-locations.ts'

/** GET /api/locations_bulk_edit: every location's reservation_window and CMS content columns. */
export function getBulkEditRows() {
  return api.get<BulkEditRow[]>('/api/locations_bulk_edit')
}

export function useBulkEditRows() {
  return useQuery({ queryKey: locationKeys.bulk, queryFn: getBulkEditRows })
}
