import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UploadResult } from '@storageops/contracts/unit-maps'
import { api } from '../../../lib/api.ts'
import { unitMapKeys } from './unit-map-keys.ts'

/**
 * POST /api/location_units/upload?location_code= (spec: admin-console-part-1 §7): multipart with one
 * file. A refused file throws ApiError whose body lists the bad rows (CsvErrorBody).
 */
export function uploadLocationUnits(locationCode: string, file: File) {
  const form = new FormData()
  form.append('file', file, file.name)
  return api.post<UploadResult>(
    `/api/location_units/upload?${new URLSearchParams({ location_code: locationCode })}`,
    form,
  )
}

/** Uploads a facility-map CSV and reloads the facility's units. */
export function useUploadLocationUnits(locationCode: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (file: File) => uploadLocationUnits(locationCode, file),
    onSettled: () => queryClient.invalidateQueries({ queryKey: unitMapKeys.units(locationCode) }),
  })
}
