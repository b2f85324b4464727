import { useQuery } from '@tanstack/react-query'
import type { FacilityOverviewRow } from '@storageops/contracts/dashboard'
import { api } from '../../../lib/api.ts'
import { EARLY_DATA } from '../../../lib/early-data.ts'
import { dashboardKeys } from './dashboard-keys.ts'

export function getFacilitiesOverview() {
  return api.get<FacilityOverviewRow[]>(EARLY_DATA.facilitiesOverviewPath)
}

export function useFacilitiesOverview() {
  return useQuery({ queryKey: dashboardKeys.overview, queryFn: getFacilitiesOverview })
}
