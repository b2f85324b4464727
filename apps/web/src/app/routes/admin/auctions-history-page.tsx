import { WinnersHistory } from '../../../features/auctions/components/winners-history.tsx'

/** /auctions/history (spec: admin-console-part-1 §2). */
export function AuctionsHistoryPage() {
  return <WinnersHistory />
}
