import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Walkthrough } from '@storageops/contracts/walkthroughs'
import { api } from '../../../lib/api.ts'
import { walkthroughKeys } from './walkthrough-keys.ts'

/**
 * POST /api/walkthroughs: needs the network (the storage-management system is asked what each unit should have);
 * a 409 ApiError's body holds open_walkthrough_id, the walkthrough under way to join.
 */
export function startWalkthrough(siteCode: string) {
  return api.post<Walkthrough>('/api/walkthroughs', { location_code: siteCode })
}

export function useStartWalkthrough() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: startWalkthrough,
    onSuccess: (walkthrough) => {
      queryClient.setQueryData(walkthroughKeys.detail(walkthrough.id), walkthrough)
      void queryClient.invalidateQueries({ queryKey: walkthroughKeys.all })
    },
  })
}
