import { AuctionsOverview } from '../../../features/auctions/components/auctions-overview.tsx'

export function AuctionsPage() {
  return <AuctionsOverview />
}
