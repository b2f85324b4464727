import { expect, test } from 'vitest'
import {
  ECRI_EXCLUSIONS,
  ECRI_EXCLUSION_LABELS,
  ECRI_INCREASE_BANDS,
  addToTotals,
  emptyTotals,
  sumTotals,
  changeBasisPoints,
  daysBetween,
  describeExclusion,
  ecriEffectiveDate,
  evaluateLease,
  histogramBucket,
  histogramLabel,
  increaseBand,
  overrideProblem,
  wholeMonthsBetween,
  type EcriLease,
  type EcriRules,
} from './ecri-rules.ts'
import { addDays, earliestEffectiveDate, maxRateCents } from './rate-guardrails.ts'

const rules: EcriRules = {
  min_tenure_months: 6,
  min_months_since_increase: 12,
  toward_street_percent: 50,
  max_increase_percent: 10,
  max_increase_dollars: 25,
  ceiling_percent: 0,
  min_increase_dollars: 3,
  notice_days: 30,
  effective_day: 1,
  past_due_days: 30,
  exclude_auction_winners: true,
  exclude_military: true,
  exclude_do_not_increase: true,
  excluded_facilities: ['TX999'],
}
const context = { today: '2026-11-29', effective_date: '2027-01-01', max_increase_percent: 25 }
// $100 rent under a $120 street rate, five years in, increased two years ago, paid up.
const lease: EcriLease = {
  location_code: 'TX100',
  rent_cents: 10_000,
  street_cents: 12_000,
  moved_in: '2022-01-01',
  rent_last_changed: '2025-01-01',
  paid_thru: '2026-11-30',
  scheduled: false,
  military: false,
  do_not_increase: false,
  auction_winner: false,
}
const evaluate = (changes: Partial<EcriLease> = {}, ruleChanges: Partial<EcriRules> = {}, max = 25) =>
  evaluateLease({ ...lease, ...changes }, { ...rules, ...ruleChanges }, { ...context, max_increase_percent: max })

test('an eligible lease closes the given share of the gap to the street rate', () => {
  expect(evaluate()).toEqual({
    excluded: null,
    new_cents: 11_000,
    change_cents: 1_000,
    change_bp: 1_000,
    tenure_months: 60,
    months_since_increase: 24,
    days_past_due: 0,
  })
  expect(evaluate({}, { toward_street_percent: 100, max_increase_percent: 30 }).new_cents).toBe(12_000)
  expect(evaluate({}, { toward_street_percent: 25 }).new_cents).toBe(10_500)
})

test('tenure exactly at the minimum is eligible, a day short is not', () => {
  expect(evaluate({ moved_in: '2026-07-01', rent_last_changed: null }, { min_months_since_increase: 0 })).toMatchObject(
    { excluded: null, tenure_months: 6 },
  )
  expect(evaluate({ moved_in: '2026-07-02', rent_last_changed: null }, { min_months_since_increase: 0 })).toMatchObject(
    { excluded: 'tenure', tenure_months: 5, new_cents: 10_000, change_cents: 0, change_bp: 0 },
  )
})

test('months since the last increase count from the change, or from move-in when the rent never changed', () => {
  expect(evaluate({ rent_last_changed: '2026-01-01' })).toMatchObject({ excluded: null, months_since_increase: 12 })
  expect(evaluate({ rent_last_changed: '2026-01-02' })).toMatchObject({
    excluded: 'recent_increase',
    months_since_increase: 11,
  })
  expect(evaluate({ moved_in: '2026-03-01', rent_last_changed: null })).toMatchObject({
    excluded: 'recent_increase',
    months_since_increase: 10,
    tenure_months: 10,
  })
})

test('the per-increase cap in percent and in dollars and the guardrail each hold the new rent down', () => {
  // 50 % of a $200 gap is $100; 10 % of $100 is $10 and the dollar cap $25: the percentage wins.
  expect(evaluate({ street_cents: 30_000 }).new_cents).toBe(11_000)
  // On $400 rent 10 % is $40: the $25 cap wins.
  expect(evaluate({ rent_cents: 40_000, street_cents: 60_000 }).new_cents).toBe(42_500)
  // The guardrail's 5 % maximum is below the rule set's 10 %.
  expect(evaluate({ street_cents: 30_000 }, {}, 5).new_cents).toBe(10_500)
  // Both percentages round down to the cent: 10 % of $99.99 is $9.999.
  expect(evaluate({ rent_cents: 9_999, street_cents: 30_000 }).new_cents).toBe(10_998)
  expect(evaluate({ rent_cents: 9_999, street_cents: 30_000 }, {}, 7).new_cents).toBe(10_698)
})

test('the new rent never passes the ceiling relative to the street rate', () => {
  expect(evaluate({ rent_cents: 11_500 }, { toward_street_percent: 100 }).new_cents).toBe(12_000)
  // Ceiling 5 % above street: $126; 100 % of the way from $120 is $6.
  expect(evaluate({ rent_cents: 12_000 }, { toward_street_percent: 100, ceiling_percent: 5 })).toMatchObject({
    excluded: null,
    new_cents: 12_600,
  })
  // Ceiling 5 % below street: $114; a $114 rent is at it.
  expect(evaluate({ rent_cents: 11_400 }, { ceiling_percent: -5 }).excluded).toBe('at_ceiling')
  expect(evaluate({ rent_cents: 12_000 }).excluded).toBe('at_ceiling')
  expect(evaluate({ rent_cents: 13_000 }).excluded).toBe('at_ceiling')
  // Rounded down: 101 % of $99.99 is $100.9899.
  expect(
    evaluate({ rent_cents: 10_000, street_cents: 9_999 }, { ceiling_percent: 1, min_increase_dollars: 0 }),
  ).toMatchObject({ excluded: null, new_cents: 10_049 })
})

test('an increase below the minimum worth sending is dropped but keeps the amount that was too small', () => {
  expect(evaluate({ rent_cents: 11_500 })).toMatchObject({
    excluded: 'below_minimum',
    new_cents: 11_750,
    change_cents: 250,
  })
  expect(evaluate({ rent_cents: 11_400 })).toMatchObject({ excluded: null, new_cents: 11_700, change_cents: 300 })
  // With no minimum, a step that rounds to nothing is still not an increase.
  expect(evaluate({ rent_cents: 11_999 }, { min_increase_dollars: 0 })).toMatchObject({
    excluded: 'below_minimum',
    new_cents: 11_999,
    change_cents: 0,
    change_bp: 0,
  })
  expect(evaluate({ rent_cents: 11_998 }, { min_increase_dollars: 0 })).toMatchObject({
    excluded: null,
    new_cents: 11_999,
    change_bp: 1,
  })
})

test('each exclusion leaves the lease out, named, with its rent unchanged', () => {
  const cases: Array<[Partial<EcriLease>, string]> = [
    [{ location_code: 'TX999' }, 'facility'],
    [{ do_not_increase: true }, 'do_not_increase'],
    [{ military: true }, 'military'],
    [{ auction_winner: true }, 'auction_winner'],
    [{ paid_thru: '2026-10-29' }, 'past_due'],
    [{ scheduled: true }, 'scheduled'],
    [{ street_cents: null }, 'no_street_rate'],
    [{ street_cents: 0 }, 'no_street_rate'],
  ]
  for (const [changes, reason] of cases)
    expect(evaluate(changes)).toMatchObject({ excluded: reason, new_cents: 10_000, change_cents: 0, change_bp: 0 })
})

test('a flag excludes only when its rule says so', () => {
  expect(evaluate({ do_not_increase: true }, { exclude_do_not_increase: false }).excluded).toBeNull()
  expect(evaluate({ military: true }, { exclude_military: false }).excluded).toBeNull()
  expect(evaluate({ auction_winner: true }, { exclude_auction_winners: false }).excluded).toBeNull()
  expect(evaluate({}, { excluded_facilities: [] }).excluded).toBeNull()
})

test('past due counts the days after the paid-through date; more than the limit is left out', () => {
  expect(evaluate({ paid_thru: '2026-10-30' })).toMatchObject({ excluded: null, days_past_due: 30 })
  expect(evaluate({ paid_thru: '2026-10-29' })).toMatchObject({ excluded: 'past_due', days_past_due: 31 })
  expect(evaluate({ paid_thru: null })).toMatchObject({ excluded: null, days_past_due: 0 })
  expect(evaluate({ paid_thru: '2026-12-31' }).days_past_due).toBe(0)
  expect(evaluate({ paid_thru: '2026-11-28' }, { past_due_days: 0 })).toMatchObject({
    excluded: 'past_due',
    days_past_due: 1,
  })
})

test('the first rule that applies is the reason given', () => {
  const everything = {
    location_code: 'TX999',
    do_not_increase: true,
    military: true,
    auction_winner: true,
    paid_thru: '2026-01-01',
    scheduled: true,
    moved_in: '2026-11-01',
    rent_last_changed: '2026-11-01',
    street_cents: null,
  }
  const order = ['location_code', 'do_not_increase', 'military', 'auction_winner', 'paid_thru', 'scheduled', 'moved_in']
  const left = { ...everything } as Record<string, unknown>
  for (const [index, key] of order.entries()) {
    expect(evaluate(left as Partial<EcriLease>).excluded).toBe(ECRI_EXCLUSIONS[index])
    left[key] = (lease as unknown as Record<string, unknown>)[key]
  }
  expect(evaluate(left as Partial<EcriLease>).excluded).toBe('recent_increase')
  left.rent_last_changed = null
  expect(evaluate(left as Partial<EcriLease>).excluded).toBe('no_street_rate')
})

test('a left-out lease with no rent does not divide by zero', () => {
  expect(evaluate({ rent_cents: 0, military: true }).change_bp).toBe(0)
})

test('whole months and days between dates', () => {
  expect(wholeMonthsBetween('2026-01-31', '2026-02-28')).toBe(0)
  expect(wholeMonthsBetween('2026-01-31', '2026-03-31')).toBe(2)
  expect(wholeMonthsBetween('2025-12-15', '2027-01-14')).toBe(12)
  expect(wholeMonthsBetween('2025-12-15', '2027-01-15')).toBe(13)
  expect(wholeMonthsBetween('2027-01-15', '2026-12-15')).toBe(-1)
  expect(daysBetween('2026-02-27', '2026-03-01')).toBe(2)
  expect(daysBetween('2026-03-01', '2026-02-27')).toBe(-2)
})

test('the effective date is the set day of the first month the notice period allows', () => {
  expect(ecriEffectiveDate('2026-11-29', 30, 1)).toBe('2027-01-01')
  expect(ecriEffectiveDate('2026-11-01', 30, 1)).toBe('2026-12-01')
  expect(ecriEffectiveDate('2026-11-01', 30, 15)).toBe('2026-12-15')
  expect(ecriEffectiveDate('2026-11-15', 30, 15)).toBe('2026-12-15')
  expect(ecriEffectiveDate('2026-11-16', 30, 15)).toBe('2027-01-15')
  expect(ecriEffectiveDate('2026-10-10', 30, 28)).toBe('2026-11-28')
  expect(ecriEffectiveDate('2026-03-02', 0, 1)).toBe('2026-04-01')
  expect(ecriEffectiveDate('2026-03-01', 0, 1)).toBe('2026-03-01')
})

test('the guardrails: maximum rate rounded down, notice period in calendar days', () => {
  expect(maxRateCents(9_898, 25)).toBe(12_372)
  expect(maxRateCents(10_000, 0)).toBe(10_000)
  expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
  expect(earliestEffectiveDate('2026-02-27', 30)).toBe('2026-03-29')
})

test('basis points round half up', () => {
  expect(changeBasisPoints(3_000, 1)).toBe(3)
  expect(changeBasisPoints(20_000, 1)).toBe(1)
  expect(changeBasisPoints(40_000, 1)).toBe(0)
})

test('increase bands and the histogram buckets', () => {
  expect([0, 299, 300, 599, 600, 900, 1199, 1200, 5000].map(increaseBand)).toEqual([0, 0, 1, 1, 2, 3, 3, 4, 4])
  expect(ECRI_INCREASE_BANDS.map((band) => band.label)).toEqual([
    'Under 3 %',
    '3 to 6 %',
    '6 to 9 %',
    '9 to 12 %',
    '12 % and over',
  ])
  expect([1, 499, 500, 999, 4999, 5000, 90_000].map(histogramBucket)).toEqual([0, 0, 1, 1, 9, 10, 10])
  expect([0, 1, 9, 10].map(histogramLabel)).toEqual(['$0–5', '$5–10', '$45–50', '$50+'])
})

test('an override must be an increase within the maximum increase', () => {
  expect(overrideProblem(10_000, 10_000, 25)).toBe('The new rent must be above the current rent of $100.00.')
  expect(overrideProblem(10_000, 9_000, 25)).toBe('The new rent must be above the current rent of $100.00.')
  expect(overrideProblem(10_000, 10_001, 25)).toBeNull()
  expect(overrideProblem(10_000, 12_500, 25)).toBeNull()
  expect(overrideProblem(10_000, 12_501, 25)).toBe('The new rent may be at most $125.00 (the 25 % maximum increase).')
})

test('each exclusion is explained with its numbers', () => {
  const row = { tenure_months: 4, months_since_increase: 7, days_past_due: 45, change_cents: 120 }
  const texts = Object.fromEntries(ECRI_EXCLUSIONS.map((reason) => [reason, describeExclusion(reason, row, rules)]))
  expect(texts).toEqual({
    facility: 'The facility is excluded by the rule set.',
    do_not_increase: 'The tenant is flagged do-not-increase.',
    military: 'The tenant is flagged military.',
    auction_winner: 'The unit has an active auction winner.',
    past_due: 'Past due 45 days (more than 30).',
    scheduled: 'A rent change is already scheduled for the lease.',
    tenure: 'Tenure of 4 months at the effective date (at least 6).',
    recent_increase: '7 months since the last increase (at least 12).',
    no_street_rate: 'The unit type has no street rate.',
    at_ceiling: 'The rent is at or above the ceiling (street rate +0 %).',
    below_minimum: 'An increase of $1.20 is below the $3.00 minimum.',
  })
  expect(describeExclusion('at_ceiling', row, { ...rules, ceiling_percent: -5 })).toBe(
    'The rent is at or above the ceiling (street rate -5 %).',
  )
  expect(ECRI_EXCLUSIONS.map((reason) => ECRI_EXCLUSION_LABELS[reason])).toEqual([
    'Facility excluded',
    'Do not increase',
    'Military',
    'Auction winner',
    'Past due',
    'Already scheduled',
    'Tenure too short',
    'Increased recently',
    'No street rate',
    'At the ceiling',
    'Below the minimum',
  ])
})

test('totals count chosen rows by band and bucket and add up across facilities', () => {
  const first = addToTotals(addToTotals(emptyTotals(), { change_cents: 450, change_bp: 450 }), {
    change_cents: 2_500,
    change_bp: 1_250,
  })
  expect(first).toEqual({
    chosen: 2,
    monthly_change_cents: 2_950,
    bands: [0, 1, 0, 0, 1],
    histogram: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0],
  })
  const second = addToTotals(emptyTotals(), { change_cents: 6_000, change_bp: 200 })
  expect(sumTotals([first, second, emptyTotals()])).toEqual({
    chosen: 3,
    monthly_change_cents: 8_950,
    bands: [1, 1, 0, 0, 1],
    histogram: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
  })
  expect(sumTotals([])).toEqual(emptyTotals())
})
