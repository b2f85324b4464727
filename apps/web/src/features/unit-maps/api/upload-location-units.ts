import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UploadResult } from '@storageops/contracts/unit-maps'
import { api } from '../../../lib/api.ts'
import { unitMapKeys } from './unit-map-keys.ts'

/**
 * POST /api/location_units/upload?location_code= (spec: admin-console-part-1 §7): multipart with one
 * file; `dryRun` only checks it and counts. A refused file throws ApiError whose body lists the bad rows (CsvErrorBody).
 */
export function uploadLocationUnits(locationCode: string, file: File, { dryRun = false } = {}) {
  const form = new FormData()
  form.append('file', file, file.name)
  const query = new URLSearchParams({ location_code: locationCode, ...(dryRun ? { dry_run: 'true' } : {}) })
  return api.post<UploadResult>(`/api/location_units/upload?${query}`, form)
}

/** Checks a facility-map CSV and counts what it would replace, changing nothing. */
export function useCheckLocationUnits(locationCode: string) {
  return useMutation({ mutationFn: (file: File) => uploadLocationUnits(locationCode, file, { dryRun: true }) })
}

/** Uploads a facility-map CSV and reloads the facility's units. */
export function useUploadLocationUnits(locationCode: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (file: File) => uploadLocationUnits(locationCode, file),
    onSettled: () => queryClient.invalidateQueries({ queryKey: unitMapKeys.units(locationCode) }),
  })
}
