import { LeaseTerminationHistory } from '../../../features/lease-terminations/components/lease-termination-history.tsx'

export function LeaseTerminationsHistoryPage() {
  return <LeaseTerminationHistory />
}
