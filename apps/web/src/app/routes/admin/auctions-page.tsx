import { AuctionsOverview } from '../../../features/auctions/components/auctions-overview.tsx'

/** /auctions (spec: admin-console-part-1 §2). */
export function AuctionsPage() {
  return <AuctionsOverview />
}
