import { useMutation, useQueryClient } from '@tanstack/react-query'
import { RATE_UPLOADS, type ProcessRatesInput, type RateKind } from '@storageops/contracts/rates'
import { api } from '../../../lib/api.ts'
import { rateKeys } from './rate-keys.ts'

export function processRates(kind: RateKind, body: ProcessRatesInput) {
  return api.post<{ upload_id: number; rows: number }>(`${RATE_UPLOADS[kind].api}/process`, body)
}

export function useProcessRates(kind: RateKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ProcessRatesInput) => processRates(kind, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rateKeys.changes(kind) }),
  })
}
