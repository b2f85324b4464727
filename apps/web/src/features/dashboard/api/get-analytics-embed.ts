import { useQuery } from '@tanstack/react-query'
import type { AnalyticsEmbed } from '@storageops/contracts/dashboard'
import { api } from '../../../lib/api.ts'
import { dashboardKeys } from './dashboard-keys.ts'

export function getAnalyticsEmbed() {
  return api.get<AnalyticsEmbed>('/api/dashboard/analytics_embed')
}

/** Embed addresses are short-lived, so each Dashboard visit asks again; a failure is not retried. */
export function useAnalyticsEmbed() {
  return useQuery({ queryKey: dashboardKeys.embed, queryFn: getAnalyticsEmbed, staleTime: 0, gcTime: 0, retry: false })
}
