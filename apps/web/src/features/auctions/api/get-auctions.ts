import { useQuery } from '@tanstack/react-query'
import type { Auction } from '@storageops/contracts/auctions'
import { api } from '../../../lib/api.ts'

export const auctionKeys = { all: ['auctions'] as const, winners: ['auction-winners'] as const }

export function useActiveAuction() {
  return useQuery({
    queryKey: [...auctionKeys.all, 'active'],
    queryFn: () => api.get<Auction | null>('/api/auction/active_auction'),
  })
}

export function useCompletedAuctions() {
  return useQuery({
    queryKey: [...auctionKeys.all, 'completed'],
    queryFn: () => api.get<Auction[]>('/api/auction/completed_auctions'),
  })
}

export function useAuctionWinnerCount(auctionId: number) {
  return useQuery({
    queryKey: [...auctionKeys.all, 'count', auctionId],
    queryFn: () => api.get<{ count: number }>(`/api/auction/${auctionId}/count_auction_winners`),
    select: (data) => data.count,
  })
}
