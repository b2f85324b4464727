import { useQuery } from '@tanstack/react-query'
import type { AnalyticsReport } from '@storageops/contracts/dashboard'
import { api } from '../../../lib/api.ts'
import { dashboardKeys } from './dashboard-keys.ts'

/** GET /api/dashboard/analytics_report (issue 6): live figures of the built-in analytics report. */
export function getAnalyticsReport() {
  return api.get<AnalyticsReport>('/api/dashboard/analytics_report')
}

export function useAnalyticsReport() {
  return useQuery({ queryKey: dashboardKeys.report, queryFn: getAnalyticsReport })
}
