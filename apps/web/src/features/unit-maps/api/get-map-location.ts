import { useQuery } from '@tanstack/react-query'
import type { Location } from '@storageops/contracts/facilities'
import { api } from '../../../lib/api.ts'

export async function getMapLocation(locationCode: string): Promise<Location> {
  const [location] = await api.get<Location[]>(`/api/locations?${new URLSearchParams({ location_code: locationCode })}`)
  return location!
}

export function useMapLocation(locationCode: string) {
  return useQuery({
    queryKey: ['map-location', locationCode],
    queryFn: () => getMapLocation(locationCode),
    retry: false,
  })
}
