import { earliestEffectiveDate, maxRateCents } from './rate-guardrails.ts'

/** ECRI rules (decision 025). Cents; amounts from a percentage round down, so no cap is passed by rounding. */

export interface EcriRules {
  /** Whole months from move-in to the effective date at least. */
  min_tenure_months: number
  /** Whole months from the last rent change (else move-in) to the effective date at least. */
  min_months_since_increase: number
  /** The share (0–100 %) of the gap between the rent and the ceiling that one increase closes. */
  toward_street_percent: number
  /** Per-increase cap as a percentage of the current rent, and in whole dollars. */
  max_increase_percent: number
  max_increase_dollars: number
  /** The ceiling: the unit type's street rate × (100 + this) / 100 (0: the street rate itself). */
  ceiling_percent: number
  /** An increase below this many whole dollars is not sent. */
  min_increase_dollars: number
  notice_days: number
  /** The day of the month (1–28) increases take effect. */
  effective_day: number
  /** Leases past due more than this many days are left out. */
  past_due_days: number
  exclude_auction_winners: boolean
  exclude_military: boolean
  exclude_do_not_increase: boolean
  excluded_facilities: readonly string[]
}

export interface EcriLease {
  location_code: string
  rent_cents: number
  /** The unit type's street rate; null when the system has none. */
  street_cents: number | null
  moved_in: string
  rent_last_changed: string | null
  /** The date the tenant has paid through; null when unknown (not past due). */
  paid_thru: string | null
  scheduled: boolean
  military: boolean
  do_not_increase: boolean
  auction_winner: boolean
}

/** What a run is computed against: its date, the effective date and the guardrail's maximum increase. */
export interface EcriContext {
  today: string
  effective_date: string
  max_increase_percent: number
}

/** Why a lease was left out, in the order the rules are checked (the first that applies is reported). */
export const ECRI_EXCLUSIONS = [
  'facility',
  'do_not_increase',
  'military',
  'auction_winner',
  'past_due',
  'scheduled',
  'tenure',
  'recent_increase',
  'no_street_rate',
  'at_ceiling',
  'below_minimum',
] as const
export type EcriExclusion = (typeof ECRI_EXCLUSIONS)[number]

export const ECRI_EXCLUSION_LABELS: Record<EcriExclusion, string> = {
  facility: 'Facility excluded',
  do_not_increase: 'Do not increase',
  military: 'Military',
  auction_winner: 'Auction winner',
  past_due: 'Past due',
  scheduled: 'Already scheduled',
  tenure: 'Tenure too short',
  recent_increase: 'Increased recently',
  no_street_rate: 'No street rate',
  at_ceiling: 'At the ceiling',
  below_minimum: 'Below the minimum',
}

/**
 * A lease's outcome. Left out: `excluded` says why and the rent stays, except `below_minimum`, which keeps the
 * increase that was too small to send. `change_bp` is the change in basis points of the old rent (half up).
 */
export interface EcriOutcome {
  excluded: EcriExclusion | null
  new_cents: number
  change_cents: number
  change_bp: number
  tenure_months: number
  months_since_increase: number
  days_past_due: number
}

function digitAt(date: string, index: number): number {
  return date.charCodeAt(index) - 48
}

function parts(date: string): [number, number, number] {
  return [
    digitAt(date, 0) * 1000 + digitAt(date, 1) * 100 + digitAt(date, 2) * 10 + digitAt(date, 3),
    digitAt(date, 5) * 10 + digitAt(date, 6),
    digitAt(date, 8) * 10 + digitAt(date, 9),
  ]
}

/** Whole calendar months from `from` to `to` (negative when `to` is earlier): Jan 31 → Feb 28 is 0. */
export function wholeMonthsBetween(from: string, to: string): number {
  const [fromYear, fromMonth, fromDay] = parts(from)
  const [toYear, toMonth, toDay] = parts(to)
  return (toYear - fromYear) * 12 + toMonth - fromMonth - (toDay < fromDay ? 1 : 0)
}

export function daysBetween(from: string, to: string): number {
  const [fromYear, fromMonth, fromDay] = parts(from)
  const [toYear, toMonth, toDay] = parts(to)
  return (Date.UTC(toYear, toMonth - 1, toDay) - Date.UTC(fromYear, fromMonth - 1, fromDay)) / 86_400_000
}

/** The first `day` (1–28) of a month on or after the earliest date the notice period allows. */
export function ecriEffectiveDate(today: string, noticeDays: number, day: number): string {
  const [year, month, earliestDay] = parts(earliestEffectiveDate(today, noticeDays))
  const next = earliestDay > day
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${next && month === 12 ? year + 1 : year}-${pad(next ? (month % 12) + 1 : month)}-${pad(day)}`
}

/** Basis points of `changeCents` over `oldCents`, half up. */
export function changeBasisPoints(oldCents: number, changeCents: number): number {
  return Math.round((changeCents * 10_000) / oldCents)
}

function outcomeOf(
  lease: EcriLease,
  facts: Pick<EcriOutcome, 'tenure_months' | 'months_since_increase' | 'days_past_due'>,
  excluded: EcriExclusion | null,
  newCents = lease.rent_cents,
): EcriOutcome {
  return {
    tenure_months: facts.tenure_months,
    months_since_increase: facts.months_since_increase,
    days_past_due: facts.days_past_due,
    excluded,
    new_cents: newCents,
    change_cents: newCents - lease.rent_cents,
    change_bp: newCents === lease.rent_cents ? 0 : changeBasisPoints(lease.rent_cents, newCents - lease.rent_cents),
  }
}

/** One lease through the rules (checked in ECRI_EXCLUSIONS order), capped by the guardrails' maximum increase. */
export function evaluateLease(lease: EcriLease, rules: EcriRules, context: EcriContext): EcriOutcome {
  const facts = {
    tenure_months: wholeMonthsBetween(lease.moved_in, context.effective_date),
    months_since_increase: wholeMonthsBetween(lease.rent_last_changed ?? lease.moved_in, context.effective_date),
    days_past_due: lease.paid_thru !== null ? Math.max(0, daysBetween(lease.paid_thru, context.today)) : 0,
  }
  if (rules.excluded_facilities.includes(lease.location_code)) return outcomeOf(lease, facts, 'facility')
  if (rules.exclude_do_not_increase && lease.do_not_increase) return outcomeOf(lease, facts, 'do_not_increase')
  if (rules.exclude_military && lease.military) return outcomeOf(lease, facts, 'military')
  if (rules.exclude_auction_winners && lease.auction_winner) return outcomeOf(lease, facts, 'auction_winner')
  if (facts.days_past_due > rules.past_due_days) return outcomeOf(lease, facts, 'past_due')
  if (lease.scheduled) return outcomeOf(lease, facts, 'scheduled')
  if (facts.tenure_months < rules.min_tenure_months) return outcomeOf(lease, facts, 'tenure')
  if (facts.months_since_increase < rules.min_months_since_increase) return outcomeOf(lease, facts, 'recent_increase')
  const street = lease.street_cents ?? 0
  if (street <= 0) return outcomeOf(lease, facts, 'no_street_rate')
  const ceiling = Math.floor((street * (100 + rules.ceiling_percent)) / 100)
  if (lease.rent_cents >= ceiling) return outcomeOf(lease, facts, 'at_ceiling')
  const step = Math.floor(((ceiling - lease.rent_cents) * rules.toward_street_percent) / 100)
  const newCents = Math.min(
    lease.rent_cents + step,
    maxRateCents(lease.rent_cents, Math.min(rules.max_increase_percent, context.max_increase_percent)),
    lease.rent_cents + rules.max_increase_dollars * 100,
  )
  if (newCents - lease.rent_cents < Math.max(1, rules.min_increase_dollars * 100))
    return outcomeOf(lease, facts, 'below_minimum', newCents)
  return outcomeOf(lease, facts, null, newCents)
}

/** Increase bands of the preview by percent of the old rent: each is [from, to) in basis points. */
export const ECRI_INCREASE_BANDS = [
  { label: 'Under 3 %', from_bp: 0, to_bp: 300 },
  { label: '3 to 6 %', from_bp: 300, to_bp: 600 },
  { label: '6 to 9 %', from_bp: 600, to_bp: 900 },
  { label: '9 to 12 %', from_bp: 900, to_bp: 1200 },
  { label: '12 % and over', from_bp: 1200, to_bp: Number.POSITIVE_INFINITY },
] as const

export function increaseBand(changeBp: number): number {
  return ECRI_INCREASE_BANDS.findIndex((band) => changeBp < band.to_bp)
}

/** The histogram's buckets: increases in dollars, $5 wide, the last one open ($50 and over). */
export const ECRI_HISTOGRAM_STEP_CENTS = 500
export const ECRI_HISTOGRAM_BUCKETS = 11

export function histogramBucket(changeCents: number): number {
  return Math.min(Math.floor(changeCents / ECRI_HISTOGRAM_STEP_CENTS), ECRI_HISTOGRAM_BUCKETS - 1)
}

export function histogramLabel(bucket: number): string {
  const from = (bucket * ECRI_HISTOGRAM_STEP_CENTS) / 100
  return bucket === ECRI_HISTOGRAM_BUCKETS - 1 ? `$${from}+` : `$${from}–${from + ECRI_HISTOGRAM_STEP_CENTS / 100}`
}

/** Why staff cannot set a row's new rent to `newCents` (the guardrails' maximum increase), or null when they can. */
export function overrideProblem(oldCents: number, newCents: number, maxIncreasePercent: number): string | null {
  if (newCents <= oldCents) return `The new rent must be above the current rent of ${dollars(oldCents)}.`
  const limit = maxRateCents(oldCents, maxIncreasePercent)
  if (newCents > limit)
    return `The new rent may be at most ${dollars(limit)} (the ${maxIncreasePercent} % maximum increase).`
  return null
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`

/** Why a lease was left out, with its numbers, for the preview and the run's explanation. */
export function describeExclusion(
  excluded: EcriExclusion,
  row: Pick<EcriOutcome, 'tenure_months' | 'months_since_increase' | 'days_past_due' | 'change_cents'>,
  rules: EcriRules,
): string {
  switch (excluded) {
    case 'facility':
      return 'The facility is excluded by the rule set.'
    case 'do_not_increase':
      return 'The tenant is flagged do-not-increase.'
    case 'military':
      return 'The tenant is flagged military.'
    case 'auction_winner':
      return 'The unit has an active auction winner.'
    case 'past_due':
      return `Past due ${row.days_past_due} days (more than ${rules.past_due_days}).`
    case 'scheduled':
      return 'A rent change is already scheduled for the lease.'
    case 'tenure':
      return `Tenure of ${row.tenure_months} months at the effective date (at least ${rules.min_tenure_months}).`
    case 'recent_increase':
      return `${row.months_since_increase} months since the last increase (at least ${rules.min_months_since_increase}).`
    case 'no_street_rate':
      return 'The unit type has no street rate.'
    case 'at_ceiling':
      return `The rent is at or above the ceiling (street rate ${rules.ceiling_percent >= 0 ? '+' : ''}${rules.ceiling_percent} %).`
    case 'below_minimum':
      return `An increase of ${dollars(row.change_cents)} is below the ${dollars(rules.min_increase_dollars * 100)} minimum.`
  }
}

/** The preview's totals over chosen rows: count, monthly change in cents, counts by band and histogram bucket. */
export interface EcriTotals {
  chosen: number
  monthly_change_cents: number
  bands: number[]
  histogram: number[]
}

export function emptyTotals(): EcriTotals {
  return {
    chosen: 0,
    monthly_change_cents: 0,
    bands: ECRI_INCREASE_BANDS.map(() => 0),
    histogram: Array.from({ length: ECRI_HISTOGRAM_BUCKETS }, () => 0),
  }
}

export function addToTotals(totals: EcriTotals, row: { change_cents: number; change_bp: number }): EcriTotals {
  totals.chosen += 1
  totals.monthly_change_cents += row.change_cents
  totals.bands[increaseBand(row.change_bp)]! += 1
  totals.histogram[histogramBucket(row.change_cents)]! += 1
  return totals
}

export function sumTotals(list: readonly EcriTotals[]): EcriTotals {
  const sum = emptyTotals()
  for (const totals of list) {
    sum.chosen += totals.chosen
    sum.monthly_change_cents += totals.monthly_change_cents
    totals.bands.forEach((count, index) => (sum.bands[index]! += count))
    totals.histogram.forEach((count, index) => (sum.histogram[index]! += count))
  }
  return sum
}
