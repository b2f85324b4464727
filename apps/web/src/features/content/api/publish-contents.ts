import { useMutation, useQuery } from '@tanstack/react-query'
import type { PublishCooldown, PublishResult } from '@storageops/contracts/publish-contents'
import { api } from '../../../lib/api.ts'

export function publishContents() {
  return api.post<PublishResult>('/api/publish_contents')
}

export function usePublishContents() {
  return useMutation({ mutationFn: publishContents })
}

export function usePublishCooldown() {
  return useQuery({
    queryKey: ['publish-cooldown'],
    queryFn: () => api.get<PublishCooldown>('/api/publish_contents'),
    staleTime: 0,
  })
}
