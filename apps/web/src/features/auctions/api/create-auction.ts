import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Auction, CreateAuctionInput } from '@storageops/contracts/auctions'
import { api } from '../../../lib/api.ts'
import { auctionKeys } from './get-auctions.ts'

export function useCreateAuction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateAuctionInput) => api.post<Auction>('/api/auction', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auctionKeys.all }),
  })
}

export function useCompleteAuction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (auctionId: number) => api.post<Auction>(`/api/auction/${auctionId}/complete`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auctionKeys.all }),
  })
}
