import { WinnersUpload } from '../../../features/auctions/components/winners-upload.tsx'

export function AuctionsUploadPage() {
  return <WinnersUpload />
}
