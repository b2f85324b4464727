import { LeaseTerminationHistory } from '../../../features/lease-terminations/components/lease-termination-history.tsx'

/** /lease-terminations/history (spec: admin-console-part-2 §2). */
export function LeaseTerminationsHistoryPage() {
  return <LeaseTerminationHistory />
}
