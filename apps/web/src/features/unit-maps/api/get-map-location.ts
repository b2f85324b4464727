import { useQuery } from '@tanstack/react-query'
import type { Location } from '@storageops/contracts/facilities'
import { api } from '../../../lib/api.ts'

/** GET /api/locations?location_code= (spec: admin-console-part-1 §7): the one facility the map editor edits; 404 when unknown. */
export async function getMapLocation(locationCode: string): Promise<Location> {
  const [location] = await api.get<Location[]>(`/api/locations?${new URLSearchParams({ location_code: locationCode })}`)
  return location!
}

/** The facility of the map editor, by location code. */
export function useMapLocation(locationCode: string) {
  return useQuery({
    queryKey: ['map-location', locationCode],
    queryFn: () => getMapLocation(locationCode),
    retry: false,
  })
}
