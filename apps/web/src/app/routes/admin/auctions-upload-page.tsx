import { WinnersUpload } from '../../../features/auctions/components/winners-upload.tsx'

/** /auctions/new-upload (spec: admin-console-part-1 §2). */
export function AuctionsUploadPage() {
  return <WinnersUpload />
}
