import type { WalkthroughUnit } from '@storageops/contracts/walkthroughs'

/** 'Rented, 12 days past due', 'Rented, not past due', 'Vacant', 'Not in the system': why the door is expected. */
export function describeSystemState(unit: Pick<WalkthroughUnit, 'ssm_status' | 'days_past_due'>): string {
  if (unit.ssm_status === null) return 'Not in the system'
  if (unit.ssm_status !== 'Rented') return unit.ssm_status
  const days = unit.days_past_due ?? 0
  return days === 0 ? 'Rented, not past due' : `Rented, ${days} ${days === 1 ? 'day' : 'days'} past due`
}
