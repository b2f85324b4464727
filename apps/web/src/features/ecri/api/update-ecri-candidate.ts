import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { EcriCandidate } from '@storageops/contracts/ecri'
import { api } from '../../../lib/api.ts'
import { ecriKeys } from './ecri-keys.ts'

export function useUpdateEcriCandidate(runId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; chosen?: boolean; new_cents?: number | null }) =>
      api.patch<EcriCandidate>(`/api/ecri/runs/${runId}/candidates/${id}`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ecriKeys.run(runId) }),
  })
}
