import { useQuery } from '@tanstack/react-query'
import { RATE_UPLOADS, type RateKind, type RateUploadLog } from '@storageops/contracts/rates'
import { api } from '../../../lib/api.ts'
import { rateKeys } from './rate-keys.ts'

export function useRateLogs(kind: RateKind) {
  return useQuery({
    queryKey: rateKeys.logs(kind),
    queryFn: () => api.get<RateUploadLog[]>(`${RATE_UPLOADS[kind].api}/logs`),
    // Read again while a run or an undo is going on.
    refetchInterval: (query) =>
      query.state.data?.some((log) => log.status === 'processing' || log.status === 'undoing') ? 2000 : false,
  })
}
