import { useQuery } from '@tanstack/react-query'
import type { Location } from '@storageops/contracts/facilities'
import { api, ApiError, retryUnlessNotFound } from '../../../lib/api.ts'
import { readCachedLocations } from '../../../lib/locations-cache.ts'
import { noteSavedAnswer } from '../../../lib/offline-cache.ts'
import { taskKeys } from './task-keys.ts'

async function readFacility(siteCode: string): Promise<Location[]> {
  try {
    return await api.get<Location[]>(`/api/locations?location_code=${encodeURIComponent(siteCode)}`)
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 0) throw error
    // Not in the saved list either: still "not saved", never a 404 from a list that may predate the facility.
    const saved = readCachedLocations()
    const code = siteCode.toLowerCase()
    const found = saved?.locations.filter((candidate) => candidate.location_code.toLowerCase() === code) ?? []
    if (!saved || found.length === 0) throw error
    noteSavedAnswer(new Date(saved.saved_at).toISOString())
    return found
  }
}

/** GET /api/locations?location_code= (spec §7); offline, falls back to the facility list saved on the phone (issue 19). */
export async function getTaskFacility(siteCode: string) {
  const [location] = await readFacility(siteCode)
  if (!location) throw new ApiError(404, { error: 'not_found', message: 'Location code is not valid.' })
  return location
}

/** The facility of a task screen; a 404 is final (the screen goes to /404). */
export function useTaskFacility(siteCode: string) {
  return useQuery({
    queryKey: taskKeys.facility(siteCode),
    queryFn: () => getTaskFacility(siteCode),
    staleTime: 5 * 60_000,
    retry: retryUnlessNotFound,
  })
}
