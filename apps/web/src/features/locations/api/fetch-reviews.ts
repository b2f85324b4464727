import { useMutation } from '@tanstack/react-query'
import type { FetchReviewsResult } from '@storageops/contracts/locations'
import { api } from '../../../lib/api.ts'

export function fetchReviews(locationCode: string) {
  return api.post<FetchReviewsResult>(`/api/locations/fetch-reviews/${encodeURIComponent(locationCode)}`)
}

export function useFetchReviews() {
  return useMutation({ mutationFn: fetchReviews })
}
