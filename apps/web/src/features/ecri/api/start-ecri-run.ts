import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { ecriKeys } from './ecri-keys.ts'

export function useStartEcriRun() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ruleSetId: number) => api.post<{ id: number }>('/api/ecri/runs', { rule_set_id: ruleSetId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ecriKeys.runs }),
  })
}
