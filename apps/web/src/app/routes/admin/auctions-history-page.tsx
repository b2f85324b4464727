import { WinnersHistory } from '../../../features/auctions/components/winners-history.tsx'

export function AuctionsHistoryPage() {
  return <WinnersHistory />
}
