import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Walkthrough } from '@storageops/contracts/walkthroughs'
import { sendOrQueue } from '../../../lib/write-queue.ts'
import { walkthroughKeys } from './walkthrough-keys.ts'

export type WalkthroughChange = 'pause' | 'resume' | 'finish'

const LABELS: Record<WalkthroughChange, string> = { pause: 'Pause', resume: 'Resume', finish: 'Finish' }

/** POST /api/walkthroughs/{id}/pause | resume | finish; offline it waits in the write queue after the doors recorded. */
export function changeWalkthrough({
  walkthrough,
  change,
}: {
  walkthrough: Pick<Walkthrough, 'id' | 'location_code'>
  change: WalkthroughChange
}) {
  return sendOrQueue<Walkthrough>({
    path: `/api/walkthroughs/${walkthrough.id}/${change}`,
    body: {},
    label: `${LABELS[change]} walkthrough #${walkthrough.id} at ${walkthrough.location_code}`,
    site_code: walkthrough.location_code,
  })
}

/** A change; the archive and the Dashboard (Last Full WalkThrough, tasks raised) read again. */
export function useChangeWalkthrough() {
  const queryClient = useQueryClient()
  return useMutation({
    networkMode: 'always',
    mutationFn: changeWalkthrough,
    onSuccess: (sent) => {
      if (!sent.queued) queryClient.setQueryData(walkthroughKeys.detail(sent.data.id), sent.data)
      void queryClient.invalidateQueries({ queryKey: walkthroughKeys.all })
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] })
      void queryClient.invalidateQueries({ queryKey: ['tasks'] })
    },
  })
}
