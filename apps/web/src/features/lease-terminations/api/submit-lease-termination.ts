import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LeaseTerminationAccepted, LeaseTerminationInput } from '@storageops/contracts/lease-terminations'
import { api } from '../../../lib/api.ts'

export function submitLeaseTermination(body: LeaseTerminationInput) {
  return api.post<LeaseTerminationAccepted>('/api/notices/lease_termination_notice', body)
}

export function useSubmitLeaseTermination() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: submitLeaseTermination,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['lease-terminations'] }),
  })
}
