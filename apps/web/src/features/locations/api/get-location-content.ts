import { useQuery } from '@tanstack/react-query'
import type { LocationContent } from '@storageops/contracts/location-content'
import { api } from '../../../lib/api.ts'

export const contentKeys = { one: (locationCode: string) => ['location-content', locationCode] as const }

/** GET /api/location_contents/{location_code} (spec: admin-console-part-1 §7); 404 for an unknown code. */
export function getLocationContent(locationCode: string) {
  return api.get<LocationContent>(`/api/location_contents/${encodeURIComponent(locationCode)}`)
}

export function useLocationContent(locationCode: string) {
  return useQuery({
    queryKey: contentKeys.one(locationCode),
    queryFn: () => getLocationContent(locationCode),
    retry: false,
  })
}
