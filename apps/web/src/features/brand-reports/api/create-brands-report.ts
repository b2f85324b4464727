import { useEffect } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { BrandsReport } from '@storageops/contracts/brand-reports'
import { brandStandardField } from '@storageops/contracts/brand-report-rules'
import { onWritesSynced, sendOrQueue, type QueuedWrite } from '../../../lib/write-queue.ts'
import { draftKey, writeDraft } from '../inspection-draft.ts'
import { brandReportKeys } from './brand-report-keys.ts'

export const BRANDS_REPORTS_PATH = '/api/brands_reports'

export interface InspectionSubmission {
  location_code: string
  notes: string
  photos: Map<number, File[]>
}

/** Offline it waits in the write queue with its photos (`queued`, issue 19). */
export function createBrandsReport({ location_code, notes, photos }: InspectionSubmission) {
  return sendOrQueue<BrandsReport>({
    path: BRANDS_REPORTS_PATH,
    body: { location_code, notes: notes.trim() ? notes : undefined },
    files: [...photos].flatMap(([standardId, files]) =>
      files.map((file) => ({ field: brandStandardField(standardId), name: file.name, blob: file })),
    ),
    label: `Inspection of ${location_code}`,
    site_code: location_code,
  })
}

/** The inspection of `siteCode` queued on this phone and waiting, or synced and not yet dismissed. */
export const queuedInspectionOf = (writes: QueuedWrite[], siteCode: string) =>
  writes.find(
    (write) => write.path === BRANDS_REPORTS_PATH && write.site_code === siteCode && write.state !== 'refused',
  )

export function useCreateBrandsReport() {
  const queryClient = useQueryClient()
  return useMutation({
    // The write queue decides what happens offline; TanStack Query would otherwise pause the write.
    networkMode: 'always',
    mutationFn: createBrandsReport,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: brandReportKeys.all })
      // The Dashboard table's last brand standards and full walkthrough dates move with a new report.
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] })
    },
  })
}

/** A queued inspection keeps its draft until the server accepts it; once synced the draft goes and reports reload. */
export function useQueuedInspectionsSettled() {
  const queryClient = useQueryClient()
  useEffect(() => {
    const stop = onWritesSynced((writes) => {
      const accepted = writes.filter((write) => write.path === BRANDS_REPORTS_PATH && write.state === 'synced')
      if (accepted.length === 0) return
      void Promise.all(accepted.map((write) => writeDraft(draftKey(write.owner, write.site_code), null))).then(
        async () => {
          await queryClient.invalidateQueries({ queryKey: brandReportKeys.all })
          await queryClient.invalidateQueries({ queryKey: ['dashboard'] })
        },
      )
    })
    return () => void stop()
  }, [queryClient])
}
