import { useQuery } from '@tanstack/react-query'
import type { EcriRun } from '@storageops/contracts/ecri'
import { api } from '../../../lib/api.ts'
import { ecriKeys } from './ecri-keys.ts'

export function useEcriRun(id: number | null) {
  return useQuery({
    queryKey: ecriKeys.run(id ?? 0),
    queryFn: () => api.get<EcriRun>(`/api/ecri/runs/${id}`),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'computing' ? 1000 : false),
  })
}
