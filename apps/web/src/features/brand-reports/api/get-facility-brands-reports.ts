import { useQuery } from '@tanstack/react-query'
import type { FacilityBrandsReports } from '@storageops/contracts/brand-reports'
import { api } from '../../../lib/api.ts'
import { brandReportKeys } from './brand-report-keys.ts'

export function getFacilityBrandsReports(locationId: number) {
  return api.get<FacilityBrandsReports>(`/api/brands_reports/facility_brands_reports/${locationId}`)
}

export function useFacilityBrandsReports(locationId: number | undefined) {
  return useQuery({
    queryKey: brandReportKeys.list(locationId ?? 0),
    queryFn: () => getFacilityBrandsReports(locationId!),
    enabled: locationId !== undefined,
  })
}
