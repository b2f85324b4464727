import { useQuery } from '@tanstack/react-query'
import type { Location } from '@storageops/contracts/facilities'
import { api, ApiError } from '../../../lib/api.ts'
import { taskKeys } from './task-keys.ts'

/** GET /api/locations?location_code= (spec: snapshot-field-tool §7): the facility a task screen is about; 404 for an unknown site code. */
export async function getTaskFacility(siteCode: string) {
  const [location] = await api.get<Location[]>(`/api/locations?location_code=${encodeURIComponent(siteCode)}`)
  if (!location) throw new ApiError(404, { error: 'not_found', message: 'Location code is not valid.' })
  return location
}

/** The facility of a task screen; a 404 is final (the screen goes to /404). */
export function useTaskFacility(siteCode: string) {
  return useQuery({
    queryKey: taskKeys.facility(siteCode),
    queryFn: () => getTaskFacility(siteCode),
    staleTime: 5 * 60_000,
    retry: (failureCount, error) => !(error instanceof ApiError && error.status === 404) && failureCount < 1,
  })
}

/** True when a failed query means the site code or task does not exist. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404
}
