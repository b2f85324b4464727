import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Observation } from '@storageops/contracts/walkthrough-rules'
import { OBSERVATIONS_PER_REQUEST_MAX } from '@storageops/contracts/walkthrough-rules'
import type { RecordObservationsResult, Walkthrough } from '@storageops/contracts/walkthroughs'
import { sendOrQueue, type SendResult } from '../../../lib/write-queue.ts'
import { walkthroughKeys } from './walkthrough-keys.ts'

export const observationsPath = (walkthroughId: number) => `/api/walkthroughs/${walkthroughId}/observations`

/** One door as the walker recorded it; `client_id` and `observed_at` are made at the tap. */
export interface DoorRecord {
  client_id: string
  unit_no: string
  observed: Observation
  observed_at: string
  lock_serial?: string
  note?: string
  photo?: File
}

/** POST /api/walkthroughs/{id}/observations (issue 31): a door joins the queued list; one with a photo goes alone. */
export function recordObservation({
  walkthrough,
  record: { photo, ...door },
}: {
  walkthrough: Pick<Walkthrough, 'id' | 'location_code'>
  record: DoorRecord
}): Promise<SendResult<RecordObservationsResult>> {
  const path = observationsPath(walkthrough.id)
  if (photo)
    return sendOrQueue<RecordObservationsResult>({
      path: `${path}/photo`,
      body: door,
      files: [{ field: 'photo', name: photo.name, blob: photo }],
      label: `Unit ${door.unit_no} in walkthrough #${walkthrough.id} (photo)`,
      site_code: walkthrough.location_code,
    })
  return sendOrQueue<RecordObservationsResult>({
    path,
    body: { observations: [door] },
    batch: { field: 'observations', max: OBSERVATIONS_PER_REQUEST_MAX, noun: 'door' },
    label: `Walkthrough #${walkthrough.id} at ${walkthrough.location_code}`,
    site_code: walkthrough.location_code,
  })
}

/** The server's answer goes into the walkthrough on screen: its head and the units recorded, nothing read again. */
export function mergeRecorded(walkthrough: Walkthrough, result: RecordObservationsResult): Walkthrough {
  const changed = new Map(result.units.map((unit) => [unit.unit_no, unit]))
  return {
    ...walkthrough,
    ...result.walkthrough,
    units: walkthrough.units.map((unit) => changed.get(unit.unit_no) ?? unit),
  }
}

export function useRecordObservation() {
  const queryClient = useQueryClient()
  return useMutation({
    // The write queue decides what happens offline; TanStack Query would otherwise pause the write.
    networkMode: 'always',
    mutationFn: recordObservation,
    onSuccess: (sent, { walkthrough }) => {
      if (sent.queued) return
      queryClient.setQueryData<Walkthrough>(walkthroughKeys.detail(walkthrough.id), (current) =>
        current ? mergeRecorded(current, sent.data) : current,
      )
    },
  })
}
