import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { LEASE_TERMINATION_PAGE_SIZE, type LeaseTerminationsPage } from '@storageops/contracts/lease-terminations'
import { api } from '../../../lib/api.ts'

/** GET /api/lease_terminations?limit=10&offset={n}: rows and count. */
export function getLeaseTerminations(offset: number) {
  return api.get<LeaseTerminationsPage>(`/api/lease_terminations?limit=${LEASE_TERMINATION_PAGE_SIZE}&offset=${offset}`)
}

/** One page of history; refreshed every 5 s while notices are still going out. */
export function useLeaseTerminations(page: number) {
  const offset = (page - 1) * LEASE_TERMINATION_PAGE_SIZE
  return useQuery({
    queryKey: ['lease-terminations', offset],
    queryFn: () => getLeaseTerminations(offset),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.rows.some((row) => row.status === 'pending') ? 5000 : false),
  })
}
