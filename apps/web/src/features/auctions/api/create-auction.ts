import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Auction, CreateAuctionInput } from '@storageops/contracts/auctions'
import { api } from '../../../lib/api.ts'
import { auctionKeys } from './get-auctions.ts'

/** POST /api/auction: startDate, endDate, gateCode (spec: admin-console-part-1 §7). */
export function useCreateAuction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateAuctionInput) => api.post<Auction>('/api/auction', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auctionKeys.all }),
  })
}

/** POST /api/auction/{id}/complete: the active auction moves to the completed ones (decision record 017). */
export function useCompleteAuction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (auctionId: number) => api.post<Auction>(`/api/auction/${auctionId}/complete`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auctionKeys.all }),
  })
}
