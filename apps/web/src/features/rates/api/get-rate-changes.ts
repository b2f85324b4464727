import { useQuery } from '@tanstack/react-query'
import { RATE_UPLOADS, type RateChanges, type RateKind } from '@storageops/contracts/rates'
import { api } from '../../../lib/api.ts'
import { rateKeys } from './rate-keys.ts'

/** GET /api/{kind}/changes (spec: admin-console-part-2 §7): the pending changes, their counts and preview. */
export function useRateChanges(kind: RateKind) {
  return useQuery({
    queryKey: rateKeys.changes(kind),
    queryFn: () => api.get<RateChanges>(`${RATE_UPLOADS[kind].api}/changes`),
  })
}
