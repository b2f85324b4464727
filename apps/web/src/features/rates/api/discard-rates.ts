import { useMutation, useQueryClient } from '@tanstack/react-query'
import { RATE_UPLOADS, type RateKind } from '@storageops/contracts/rates'
import { api } from '../../../lib/api.ts'
import { rateKeys } from './rate-keys.ts'

export function discardRates(kind: RateKind) {
  return api.post<{ message: string }>(`${RATE_UPLOADS[kind].api}/discard`)
}

export function useDiscardRates(kind: RateKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => discardRates(kind),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rateKeys.all(kind) }),
  })
}
