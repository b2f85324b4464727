import { useMutation, useQuery } from '@tanstack/react-query'
import type { PublishCooldown, PublishResult } from '@storageops/contracts/publish-contents'
import { api } from '../../../lib/api.ts'

/** POST /api/publish_contents: rebuilds the public website's pages (spec: admin-console-part-1 §7). */
export function publishContents() {
  return api.post<PublishResult>('/api/publish_contents')
}

export function usePublishContents() {
  return useMutation({ mutationFn: publishContents })
}

/** GET /api/publish_contents: the cooldown left after anyone's last rebuild, read fresh on every mount. */
export function usePublishCooldown() {
  return useQuery({
    queryKey: ['publish-cooldown'],
    queryFn: () => api.get<PublishCooldown>('/api/publish_contents'),
    staleTime: 0,
  })
}
