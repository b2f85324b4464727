import { useQuery } from '@tanstack/react-query'
import type { BrandStandard } from '@storageops/contracts/brand-reports'
import { api } from '../../../lib/api.ts'
import { brandReportKeys } from './brand-report-keys.ts'

export function getBrandStandards() {
  return api.get<BrandStandard[]>('/api/brands_reports/brand_standards')
}

export function useBrandStandards() {
  return useQuery({ queryKey: brandReportKeys.standards, queryFn: getBrandStandards, staleTime: 10 * 60_000 })
}
