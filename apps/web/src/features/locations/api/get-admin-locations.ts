import { useQuery } from '@tanstack/react-query'
import type { LocationRecord } from '@storageops/contracts/locations'
import { api } from '../../../lib/api.ts'

export const locationKeys = {
  all: ['admin-locations'] as const,
  bulk: ['admin-locations', 'bulk-edit'] as const,
}

/** GET /api/locations?role=admin: every location with every field, payment keys masked (spec: admin-console-part-1 §7). */
export function getAdminLocations() {
  return api.get<LocationRecord[]>('/api/locations?role=admin')
}

export function useAdminLocations() {
  return useQuery({ queryKey: locationKeys.all, queryFn: getAdminLocations })
}
