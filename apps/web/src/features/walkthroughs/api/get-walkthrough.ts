import { useQuery } from '@tanstack/react-query'
import type { Walkthrough } from '@storageops/contracts/walkthroughs'
import { api, retryUnlessNotFound } from '../../../lib/api.ts'
import { walkthroughKeys } from './walkthrough-keys.ts'

/** What other walkers recorded shows on this phone within this time while the walkthrough is under way. */
const OTHERS_EVERY_MS = 15_000

/** GET /api/walkthroughs/{id}: the walkthrough with its units in walk order. */
export function getWalkthrough(id: number) {
  return api.get<Walkthrough>(`/api/walkthroughs/${id}`)
}

/** One walkthrough; read again every 15 s while it is not finished (several walkers), a 404 is final. */
export function useWalkthrough(id: number | null) {
  return useQuery({
    queryKey: walkthroughKeys.detail(id ?? 0),
    queryFn: () => getWalkthrough(id!),
    enabled: id !== null,
    retry: retryUnlessNotFound,
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'finished' ? OTHERS_EVERY_MS : false),
  })
}
