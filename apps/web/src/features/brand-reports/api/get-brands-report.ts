import { useQuery } from '@tanstack/react-query'
import type { BrandsReport } from '@storageops/contracts/brand-reports'
import { api, retryUnlessNotFound } from '../../../lib/api.ts'
import { brandReportKeys } from './brand-report-keys.ts'

export function getBrandsReport(id: number) {
  return api.get<BrandsReport>(`/api/brands_reports/${id}`)
}

/** One report; a 404 is final and not retried. */
export function useBrandsReport(id: number | null) {
  return useQuery({
    queryKey: brandReportKeys.detail(id ?? 0),
    queryFn: () => getBrandsReport(id!),
    enabled: id !== null,
    retry: retryUnlessNotFound,
  })
}
