import type { Priority } from './task-rules.ts'
import type { UnitStatus } from './unit-map-rules.ts'

/** Walkthrough (lock check) rules (issue 31, decision 024), zod-free for the field screens. */

/** A rented unit this many days past due (or more) should carry an overlock; the setting `walkthrough_overlock_days`. */
export const DEFAULT_OVERLOCK_DAYS = 5
/** A facility whose last full walkthrough is older than this many days is due; the setting `walkthrough_cadence_days`. */
export const DEFAULT_CADENCE_DAYS = 7
export const WALKTHROUGH_SETTINGS = {
  overlockDays: 'walkthrough_overlock_days',
  cadenceDays: 'walkthrough_cadence_days',
} as const

/** What a unit's door should show; `skip`: not checked (Unrentable, or unknown to the system). */
export const EXPECTATIONS = ['tenant_lock', 'overlock', 'company_lock', 'skip'] as const
export type Expectation = (typeof EXPECTATIONS)[number]

/** What the walker found at the door, one tap each. */
export const OBSERVATIONS = ['tenant_lock', 'company_lock', 'overlock', 'no_lock', 'damaged_door', 'other'] as const
export type Observation = (typeof OBSERVATIONS)[number]

export const DISCREPANCIES = [
  'overlock_needed',
  'remove_overlock',
  'tenant_lock_on_vacant',
  'not_secured',
  'door_damaged',
] as const
export type Discrepancy = (typeof DISCREPANCIES)[number]

export const EXPECTATION_LABELS: Record<Expectation, string> = {
  tenant_lock: 'Tenant lock',
  overlock: 'Overlock',
  company_lock: 'Company lock',
  skip: 'Skip',
}

export const OBSERVATION_LABELS: Record<Observation, string> = {
  tenant_lock: 'Tenant lock',
  company_lock: 'Company lock',
  overlock: 'Overlock',
  no_lock: 'No lock / open',
  damaged_door: 'Damaged door',
  other: 'Other',
}

/** The unit task each discrepancy becomes (its task type's title) and its priority. */
export const DISCREPANCY_TASKS: Record<Discrepancy, { title: string; prior: Priority }> = {
  overlock_needed: { title: 'Overlock needed', prior: 'high' },
  remove_overlock: { title: 'Remove overlock', prior: 'high' },
  tenant_lock_on_vacant: { title: 'Tenant lock on a vacant unit', prior: 'high' },
  not_secured: { title: 'Unit not secured', prior: 'urgent' },
  door_damaged: { title: 'Door damaged', prior: 'medium' },
}

export const WALKTHROUGH_STATUSES = ['in_progress', 'paused', 'finished'] as const
export type WalkthroughStatus = (typeof WALKTHROUGH_STATUSES)[number]

export const WALKTHROUGH_STATUS_LABELS: Record<WalkthroughStatus, string> = {
  in_progress: 'In progress',
  paused: 'Paused',
  finished: 'Finished',
}

/** How a company lock's serial compares with the known combination locks. */
export const SERIAL_CHECKS = ['known', 'other_facility', 'unknown'] as const
export type SerialCheck = (typeof SERIAL_CHECKS)[number]

export const LOCK_SERIAL_MAX = 40
export const OBSERVATION_NOTE_MAX = 1000
export const WALKTHROUGH_PAGE_SIZE = 20
export const WALKTHROUGH_ARCHIVE_SORTS = ['started_at'] as const
export const LOCK_CHECK_PAGE_SIZE = 25
/** Sortable columns of the lock checks due (unsorted: never-checked first, then the oldest). */
export const LOCK_CHECK_SORTS = ['facility_name', 'site_code', 'city', 'state', 'last_full_walkthrough_at'] as const
export type LockCheckSort = (typeof LOCK_CHECK_SORTS)[number]
/** Observations one request may carry (a phone's queue sends what waited in batches of this size). */
export const OBSERVATIONS_PER_REQUEST_MAX = 500

export const WALKTHROUGH_TEXT = {
  start: 'Start walkthrough',
  resume: 'Resume walkthrough',
  pause: 'Pause',
  finish: 'Finish walkthrough',
  archive: 'Walkthroughs',
  noWalkthroughs: 'No walkthroughs yet',
  noUnits: 'No location units imported.',
  allChecked: 'Every unit is checked.',
  startNeedsNetwork:
    'Starting a walkthrough needs the network: the storage-management system is asked what each unit should have.',
  alreadyOpen: 'A walkthrough of this facility is already under way.',
  finishedRefusal: 'This walkthrough is finished; start a new one.',
  noneDue: 'Every facility had a full walkthrough within the cadence.',
  due: 'Lock checks due',
  neverChecked: 'Never',
} as const

/** `Finish anyway?` question when units are left; a finished walkthrough with units left is not a full one. */
export function uncheckedText(left: number): string {
  return left === 1
    ? '1 unit is not checked. It will not count as a full walkthrough.'
    : `${left} units are not checked. It will not count as a full walkthrough.`
}

/** The door a unit should show (issue 31, decision 024); `daysPastDue` null (no ledger) counts as paid. */
export function expectedLock(status: UnitStatus | null, daysPastDue: number | null, overlockDays: number): Expectation {
  if (status === 'Rented') return (daysPastDue ?? 0) >= overlockDays ? 'overlock' : 'tenant_lock'
  if (status === 'Vacant' || status === 'Reserved') return 'company_lock'
  return 'skip'
}

/** What a door found means against what it should show (decision 024's table), or null when they agree. */
export function discrepancyOf(expected: Expectation, observed: Observation): Discrepancy | null {
  if (expected === 'skip' || observed === 'other') return null
  if (observed === 'damaged_door') return 'door_damaged'
  if (observed === 'no_lock') return 'not_secured'
  if (expected === 'tenant_lock') return observed === 'tenant_lock' ? null : 'remove_overlock'
  if (expected === 'overlock') return observed === 'tenant_lock' ? 'overlock_needed' : null
  if (observed === 'tenant_lock') return 'tenant_lock_on_vacant'
  return observed === 'overlock' ? 'remove_overlock' : null
}

export const takesSerial = (observed: Observation) => observed === 'company_lock'

/** A unit number's walk key: its leading letters (building or aisle), the number after them, and the rest. */
export function unitNoParts(unitNo: string): { letters: string; number: number; rest: string } {
  const match = /([A-Za-z]*)[\s-]*(\d*)([\s\S]*)/.exec(unitNo.trim())!
  return {
    letters: match[1]!.toUpperCase(),
    number: match[2] ? Number(match[2]) : Number.POSITIVE_INFINITY,
    rest: match[3]!,
  }
}

const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** The default walk order (issue 31): floor, letters, number, unit number (∞ − ∞ is NaN, so no-number units tie on). */
export function compareWalkOrder(
  a: { floor_no: number; unit_no: string },
  b: { floor_no: number; unit_no: string },
): number {
  const left = unitNoParts(a.unit_no)
  const right = unitNoParts(b.unit_no)
  return (
    a.floor_no - b.floor_no ||
    order(left.letters, right.letters) ||
    left.number - right.number ||
    order(a.unit_no, b.unit_no)
  )
}

/** The saved order's units first (numbers no longer units passed over), then the rest in the default order. */
export function walkOrderOf<T extends { floor_no: number; unit_no: string }>(
  units: readonly T[],
  saved: readonly string[],
): T[] {
  const byNo = new Map(units.map((unit) => [unit.unit_no, unit]))
  const ordered: T[] = []
  for (const unitNo of saved) {
    const unit = byNo.get(unitNo)
    if (!unit) continue
    ordered.push(unit)
    byNo.delete(unitNo)
  }
  return [...ordered, ...[...byNo.values()].sort(compareWalkOrder)]
}

export const isToCheck = (unit: { expected: Expectation; observed: Observation | null }) =>
  unit.expected !== 'skip' && unit.observed === null

/** The index after `from` (-1: from the start) of the next unit to check, going round; -1 when none is left. */
export function nextToCheck(
  units: readonly { expected: Expectation; observed: Observation | null }[],
  from: number,
): number {
  for (let step = 1; step <= units.length; step++) {
    const at = (from + step) % units.length
    if (isToCheck(units[at]!)) return at
  }
  return -1
}

/** Units to check (not skipped), those recorded, and the discrepancies of the latest observations, by kind. */
export function walkthroughProgress(
  units: readonly { expected: Expectation; observed: Observation | null; discrepancy: Discrepancy | null }[],
) {
  const discrepancies = Object.fromEntries(DISCREPANCIES.map((kind) => [kind, 0])) as Record<Discrepancy, number>
  let unitCount = 0
  let checked = 0
  for (const unit of units) {
    if (unit.expected === 'skip') continue
    unitCount++
    if (unit.observed !== null) checked++
    if (unit.discrepancy) discrepancies[unit.discrepancy]++
  }
  return { unit_count: unitCount, checked_count: checked, discrepancies }
}

/** A walkthrough is full when every unit to check is recorded (the Dashboard's Last Full WalkThrough, decision 024). */
export const isFullWalkthrough = (progress: { unit_count: number; checked_count: number }) =>
  progress.unit_count > 0 && progress.checked_count >= progress.unit_count

const DAY_MS = 86_400_000

export function daysSince(at: string | Date | null, now: Date = new Date()): number | null {
  if (at === null) return null
  return Math.max(0, Math.floor((now.getTime() - new Date(at).getTime()) / DAY_MS))
}

/**
 * Days a lease is past due on `today` (UTC days): those after its paid-through date (YYYY-MM-DD, the rent roll's
 * PaidThru); 0 when it is paid through today or later, or the date is missing or unreadable.
 */
export function daysPastDue(paidThru: string | null, today: Date = new Date()): number {
  const paid = paidThru ? Date.parse(`${paidThru}T00:00:00Z`) : Number.NaN
  if (Number.isNaN(paid)) return 0
  const day = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())
  return Math.max(0, Math.round((day - paid) / DAY_MS))
}

export const lockCheckCutoff = (cadenceDays: number, now: Date = new Date()) =>
  new Date(now.getTime() - cadenceDays * DAY_MS)

export function isLockCheckDue(lastFullAt: string | Date | null, cadenceDays: number, now: Date = new Date()): boolean {
  if (lastFullAt === null) return true
  return new Date(lastFullAt).getTime() < lockCheckCutoff(cadenceDays, now).getTime()
}

/** "2 h 05 min", "14 min", "45 s" for a walkthrough's walking time. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds))
  if (whole < 60) return `${whole} s`
  const minutes = Math.floor(whole / 60)
  if (minutes < 60) return `${minutes} min`
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`
}
