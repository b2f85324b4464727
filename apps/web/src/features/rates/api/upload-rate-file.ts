import { useMutation, useQueryClient } from '@tanstack/react-query'
import { RATE_UPLOADS, type RateChanges, type RateKind } from '@storageops/contracts/rates'
import { api } from '../../../lib/api.ts'
import { rateKeys } from './rate-keys.ts'

export function uploadRateFile(kind: RateKind, file: File) {
  const form = new FormData()
  form.append('file', file, file.name)
  return api.post<{ message: string; upload_id: number; counts: RateChanges['counts'] }>(
    `${RATE_UPLOADS[kind].api}/upload-csv`,
    form,
  )
}

export function useUploadRateFile(kind: RateKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (file: File) => uploadRateFile(kind, file),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rateKeys.all(kind) }),
  })
}
