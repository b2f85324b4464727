import { useQuery } from '@tanstack/react-query'
import type { LocationContent } from '@storageops/contracts/location-content'
import { api } from '../../../lib/api.ts'

export const contentKeys = { one: (locationCode: string) => ['location-content', locationCode] as const }

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
