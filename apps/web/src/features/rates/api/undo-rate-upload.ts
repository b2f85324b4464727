import { useMutation, useQueryClient } from '@tanstack/react-query'
import { RATE_UPLOADS, type RateKind } from '@storageops/contracts/rates'
import { api } from '../../../lib/api.ts'
import { rateKeys } from './rate-keys.ts'

export function undoRateUpload(kind: RateKind, uploadId: number) {
  return api.post<{ upload_id: number; rows: number }>(`${RATE_UPLOADS[kind].api}/logs/${uploadId}/undo`)
}

export function useUndoRateUpload(kind: RateKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (uploadId: number) => undoRateUpload(kind, uploadId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rateKeys.all(kind) }),
  })
}
