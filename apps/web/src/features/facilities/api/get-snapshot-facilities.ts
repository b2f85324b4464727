import { useQuery } from '@tanstack/react-query'
import type { Location } from '@storageops/contracts/facilities'
import { api } from '../../../lib/api.ts'

export const snapshotFacilitiesQueryKey = ['snapshot-facilities'] as const

export function getSnapshotFacilities() {
  return api.get<Location[]>('/api/locations')
}

/** Every facility, for the /snapshot list and the editor's facility search; not kept on the device. */
export function useSnapshotFacilities() {
  return useQuery({ queryKey: snapshotFacilitiesQueryKey, queryFn: getSnapshotFacilities, staleTime: 60_000 })
}
