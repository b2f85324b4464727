import { useQuery } from '@tanstack/react-query'
import type { FacilityOverviewRow } from '@storageops/contracts/dashboard'
import { api } from '../../../lib/api.ts'
import { EARLY_DATA } from '../../../lib/early-data.ts'
import { dashboardKeys } from './dashboard-keys.ts'

/** GET /api/facilities/overview (spec: snapshot-field-tool §7): one row per facility not hidden from the field tool. */
export function getFacilitiesOverview() {
  return api.get<FacilityOverviewRow[]>(EARLY_DATA.facilitiesOverviewPath)
}

export function useFacilitiesOverview() {
  return useQuery({ queryKey: dashboardKeys.overview, queryFn: getFacilitiesOverview })
}
