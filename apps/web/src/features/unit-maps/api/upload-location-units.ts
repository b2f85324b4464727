import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UploadResult } from '@storageops/contracts/unit-maps'
import { api } from '../../../lib/api.ts'
import { unitMapKeys } from './unit-map-keys.ts'

/** `dryRun` only checks the file and counts; a refused file's ApiError body lists the bad rows (CsvErrorBody). */
export function uploadLocationUnits(locationCode: string, file: File, { dryRun = false } = {}) {
  const form = new FormData()
  form.append('file', file, file.name)
  const query = new URLSearchParams({ location_code: locationCode, ...(dryRun ? { dry_run: 'true' } : {}) })
  return api.post<UploadResult>(`/api/location_units/upload?${query}`, form)
}

export function useCheckLocationUnits(locationCode: string) {
  return useMutation({ mutationFn: (file: File) => uploadLocationUnits(locationCode, file, { dryRun: true }) })
}

export function useUploadLocationUnits(locationCode: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (file: File) => uploadLocationUnits(locationCode, file),
    onSettled: () => queryClient.invalidateQueries({ queryKey: unitMapKeys.units(locationCode) }),
  })
}
