import { useMutation } from '@tanstack/react-query'
import type { PublishResult } from '@storageops/contracts/publish-contents'
import { api } from '../../../lib/api.ts'

/** POST /api/publish_contents: rebuilds the public website's pages (spec: admin-console-part-1 §7). */
export function publishContents() {
  return api.post<PublishResult>('/api/publish_contents')
}

export function usePublishContents() {
  return useMutation({ mutationFn: publishContents })
}
