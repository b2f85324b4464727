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

/** GET /api/auction_winners?limit=20&offset={n}: every imported winner, newest first. */
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

/** POST /api/auction_winners/upload, multipart, field file. */
export function useUploadWinners() {
  return useWinnersMutation((file: File) => {
    const form = new FormData()
    form.append('file', file)
    return api.post<WinnersUploaded>('/api/auction_winners/upload', form)
  })
}

/** POST /api/auction_winners/{id}/mark_as_sent. */
export function useMarkWinnerSent() {
  return useWinnersMutation((winnerId: number) =>
    api.post<AuctionWinner>(`/api/auction_winners/${winnerId}/mark_as_sent`),
  )
}

/** POST /api/auction_winners/send_emails: every unsent winner, once. */
export function useSendWinnerEmails() {
  return useWinnersMutation(() => api.post<WinnerEmailsSent>('/api/auction_winners/send_emails'))
}

/** POST /api/auction_winners/{id}/outcome: paid, cleaned out or defaulted (with an optional backup bidder). */
export function useRecordWinnerOutcome() {
  return useWinnersMutation(({ winnerId, body }: { winnerId: number; body: WinnerOutcomeInput }) =>
    api.post<AuctionWinner>(`/api/auction_winners/${winnerId}/outcome`, body),
  )
}

/** POST /api/auction_winners/{id}/backup_bidder: a defaulted winner's unit offered to a backup bidder. */
export function useOfferToBackupBidder() {
  return useWinnersMutation(({ winnerId, body }: { winnerId: number; body: BackupBidderInput }) =>
    api.post<AuctionWinner>(`/api/auction_winners/${winnerId}/backup_bidder`, body),
  )
}
