import { useQuery, type QueryClient } from '@tanstack/react-query'
import type { Location } from '@storageops/contracts/facilities'
import { api } from '../../../lib/api.ts'
import { EARLY_DATA } from '../../../lib/early-data.ts'
import { clearCachedLocations, readCachedLocations, writeCachedLocations } from '../../../lib/locations-cache.ts'

export const locationsQueryKey = ['locations'] as const

export const LOCATIONS_STALE_MS = 5 * 60 * 1000

/** GET /api/locations, saved on the device with its ETag and asked with it, so an unchanged list costs a 304. */
export async function getLocations() {
  const saved = readCachedLocations()
  const answer = await api.getIfChanged<Location[]>(EARLY_DATA.locationsPath, saved?.etag)
  // Only the saved copy's ETag was sent, so a 304 means that copy.
  const [locations, etag] = answer.unchanged ? [saved!.locations, saved!.etag] : [answer.data, answer.etag]
  writeCachedLocations(locations, Date.now(), etag)
  return locations
}

/**
 * The facility list for search, detail and nearby facilities (spec: snapshot-field-tool §2 "kept in a
 * local cache"). Rule: the list saved in localStorage (key snapshot_locations) shows at once if it is
 * under 24 hours old; it is refetched in the background when older than 5 minutes, and thrown away
 * (fetched before showing) when older than 24 hours. Logout clears it.
 *
 * Hand-rolled rather than @tanstack/react-query-persist-client: that package's newest release pins an
 * older @tanstack/query-core than the app uses, so it would ship a second copy of the core, and it
 * would persist through a provider shared with other screens; this caches only this one list.
 */
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

/** Drops the facility list from memory and from the device (on logout). */
export function forgetLocations(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: locationsQueryKey })
  clearCachedLocations()
}
