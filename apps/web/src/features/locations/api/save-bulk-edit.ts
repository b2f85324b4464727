import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { BulkEditInput, BulkEditResult } from '@storageops/contracts/locations'
import { api } from '../../../lib/api.ts'
import { locationKeys } from './get-admin-locations.ts'

export function saveBulkEdit(body: BulkEditInput) {
  return api.put<BulkEditResult>('/api/locations_bulk_edit', body)
}

export function useSaveBulkEdit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveBulkEdit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }),
  })
}
