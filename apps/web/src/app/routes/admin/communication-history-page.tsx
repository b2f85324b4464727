import { CommunicationHistory } from '../../../features/communications/components/communication-history.tsx'

export function CommunicationHistoryPage() {
  return <CommunicationHistory />
}
