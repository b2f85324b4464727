import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { EcriRentRoll } from '@storageops/contracts/ecri'
import { api } from '../../../lib/api.ts'
import { ecriKeys } from './ecri-keys.ts'

/** The kept rent roll's age and its latest refresh (decision 030), polled while a refresh runs. */
export function useEcriRentRoll() {
  return useQuery({
    queryKey: ecriKeys.rentRoll,
    queryFn: () => api.get<EcriRentRoll>('/api/ecri/rent_roll'),
    refetchInterval: (query) => (query.state.data?.refresh?.status === 'running' ? 2000 : false),
  })
}

export function useRefreshEcriRentRoll() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post<{ id: number }>('/api/ecri/rent_roll/refresh', {}),
    // Not awaited: the refresh has started; its progress shows as the rent roll is polled.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ecriKeys.rentRoll }),
  })
}
