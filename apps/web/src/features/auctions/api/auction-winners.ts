import { useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  AuctionWinner,
  BackupBidderInput,
  WinnerEmailsSent,
  WinnerOutcomeInput,
  WinnersUploaded,
} from '@storageops/contracts/auctions'
import { api } from '../../../lib/api.ts'
import type { ListParams } from '../../../lib/list-params.ts'
import { usePagedQuery } from '../../../lib/paged-query.ts'
import { auctionKeys } from './get-auctions.ts'

export function useAuctionWinners(list: ListParams) {
  return usePagedQuery<AuctionWinner>(auctionKeys.winners[0], '/api/auction_winners', list)
}

function useWinnersMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: auctionKeys.winners }),
        queryClient.invalidateQueries({ queryKey: auctionKeys.all }),
      ])
    },
  })
}

export function useUploadWinners() {
  return useWinnersMutation((file: File) => {
    const form = new FormData()
    form.append('file', file)
    return api.post<WinnersUploaded>('/api/auction_winners/upload', form)
  })
}

export function useMarkWinnerSent() {
  return useWinnersMutation((winnerId: number) =>
    api.post<AuctionWinner>(`/api/auction_winners/${winnerId}/mark_as_sent`),
  )
}

export function useSendWinnerEmails() {
  return useWinnersMutation(() => api.post<WinnerEmailsSent>('/api/auction_winners/send_emails'))
}

export function useRecordWinnerOutcome() {
  return useWinnersMutation(({ winnerId, body }: { winnerId: number; body: WinnerOutcomeInput }) =>
    api.post<AuctionWinner>(`/api/auction_winners/${winnerId}/outcome`, body),
  )
}

export function useOfferToBackupBidder() {
  return useWinnersMutation(({ winnerId, body }: { winnerId: number; body: BackupBidderInput }) =>
    api.post<AuctionWinner>(`/api/auction_winners/${winnerId}/backup_bidder`, body),
  )
}
