import { CommunicationHistory } from '../../../features/communications/components/communication-history.tsx'

/** /communication-history (spec: admin-console-part-2 §2). */
export function CommunicationHistoryPage() {
  return <CommunicationHistory />
}
