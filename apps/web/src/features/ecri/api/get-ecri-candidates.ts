import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { EcriCandidatePage } from '@storageops/contracts/ecri'
import { api } from '../../../lib/api.ts'
import { ecriKeys } from './ecri-keys.ts'

export function useEcriCandidates(id: number, query: string, enabled: boolean) {
  return useQuery({
    queryKey: ecriKeys.candidates(id, query),
    queryFn: () => api.get<EcriCandidatePage>(`/api/ecri/runs/${id}/candidates?${query}`),
    placeholderData: keepPreviousData,
    enabled,
  })
}
