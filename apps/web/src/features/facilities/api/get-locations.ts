import { useQuery, type QueryClient } from '@tanstack/react-query'
import type { Location } from '@storageops/contracts/facilities'
import { api } from '../../../lib/api.ts'
import { EARLY_DATA } from '../../../lib/early-data.ts'
import { clearCachedLocations, readCachedLocations, writeCachedLocations } from '../../../lib/locations-cache.ts'

export const locationsQueryKey = ['locations'] as const

export const LOCATIONS_STALE_MS = 5 * 60 * 1000

/** GET /api/locations, asked with the saved copy's ETag, so an unchanged list costs a 304. */
export async function getLocations() {
  const saved = readCachedLocations()
  const answer = await api.getIfChanged<Location[]>(EARLY_DATA.locationsPath, saved?.etag)
  // Only the saved copy's ETag was sent, so a 304 means that copy.
  const [locations, etag] = answer.unchanged ? [saved!.locations, saved!.etag] : [answer.data, answer.etag]
  writeCachedLocations(locations, Date.now(), etag)
  return locations
}

/** The facility list saved on the phone (spec §2; 24 h / 5 min rules and why hand-rolled: docs/areas/offline-field-tool.md). */
export function useLocations() {
  return useQuery({
    queryKey: locationsQueryKey,
    queryFn: getLocations,
    staleTime: LOCATIONS_STALE_MS,
    gcTime: Infinity,
    initialData: () => readCachedLocations()?.locations,
    initialDataUpdatedAt: () => readCachedLocations()?.saved_at,
  })
}

export function forgetLocations(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: locationsQueryKey })
  clearCachedLocations()
}
