import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { BrandsReport } from '@storageops/contracts/brand-reports'
import { brandStandardField } from '@storageops/contracts/brand-report-rules'
import { api } from '../../../lib/api.ts'
import { brandReportKeys } from './brand-report-keys.ts'

export interface InspectionSubmission {
  location_code: string
  notes: string
  /** Photos by brand standard id. */
  photos: Map<number, File[]>
}

/** POST /api/brands_reports (issue 6) as multipart/form-data: location_code, notes, and each standard's photos under brand_standard_{id}. */
export function createBrandsReport({ location_code, notes, photos }: InspectionSubmission) {
  const form = new FormData()
  form.append('location_code', location_code)
  if (notes.trim()) form.append('notes', notes)
  for (const [standardId, files] of photos)
    for (const file of files) form.append(brandStandardField(standardId), file, file.name)
  return api.post<BrandsReport>('/api/brands_reports', form)
}

/** Submits an inspection; the archive, the report and the dashboard table reload. */
export function useCreateBrandsReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createBrandsReport,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: brandReportKeys.all })
      // The Dashboard table's last brand standards and full walkthrough dates move with a new report.
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] })
    },
  })
}
