import { useQuery } from '@tanstack/react-query'
import type { EcriRunSummary } from '@storageops/contracts/ecri'
import { api } from '../../../lib/api.ts'
import { ecriKeys } from './ecri-keys.ts'

export function useEcriRuns() {
  return useQuery({ queryKey: ecriKeys.runs, queryFn: () => api.get<EcriRunSummary[]>('/api/ecri/runs') })
}
