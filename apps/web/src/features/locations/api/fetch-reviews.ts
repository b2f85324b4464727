import { useMutation } from '@tanstack/react-query'
import type { FetchReviewsResult } from '@storageops/contracts/locations'
import { api } from '../../../lib/api.ts'

/** POST /api/locations/fetch-reviews/{location_code} (spec: admin-console-part-1 §7): recorded by the server. */
export function fetchReviews(locationCode: string) {
  return api.post<FetchReviewsResult>(`/api/locations/fetch-reviews/${encodeURIComponent(locationCode)}`)
}

export function useFetchReviews() {
  return useMutation({ mutationFn: fetchReviews })
}
