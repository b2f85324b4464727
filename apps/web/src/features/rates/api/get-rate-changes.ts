import { useQuery } from '@tanstack/react-query'
import { RATE_UPLOADS, type RateChangeRow, type RateChanges, type RateKind } from '@storageops/contracts/rates'
import { api } from '../../../lib/api.ts'
import type { ListParams } from '../../../lib/list-params.ts'
import { usePagedQuery } from '../../../lib/paged-query.ts'
import { rateKeys } from './rate-keys.ts'

export function useRateChanges(kind: RateKind) {
  return useQuery({
    queryKey: rateKeys.changes(kind),
    queryFn: () => api.get<RateChanges>(`${RATE_UPLOADS[kind].api}/changes`),
  })
}

/** One page of the rows to process (DESIGN §13): the file's order unless sorted, `q` in facility, tenant, lease or unit. */
export function useRateChangesPage(kind: RateKind, list: Pick<ListParams, 'apiQuery'>) {
  return usePagedQuery<RateChangeRow>(rateKeys.changesPage(kind), `${RATE_UPLOADS[kind].api}/changes`, list)
}
