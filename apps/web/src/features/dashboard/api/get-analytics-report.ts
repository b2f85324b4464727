import { useQuery } from '@tanstack/react-query'
import type { AnalyticsReport } from '@storageops/contracts/dashboard'
import { api } from '../../../lib/api.ts'
import { dashboardKeys } from './dashboard-keys.ts'

export function getAnalyticsReport() {
  return api.get<AnalyticsReport>('/api/dashboard/analytics_report')
}

export function useAnalyticsReport() {
  return useQuery({ queryKey: dashboardKeys.report, queryFn: getAnalyticsReport })
}
