/**
 * The rate-upload guardrails (decision 018) as one rule for every path that proposes a rent: a tenant-rate CSV, an
 * ECRI run and a row's override (decision 025). Money in integer cents; dates YYYY-MM-DD.
 */

/** The highest rate the maximum increase allows from `oldCents`, rounded down to the cent. */
export function maxRateCents(oldCents: number, maxIncreasePercent: number): number {
  return Math.floor((oldCents * (100 + maxIncreasePercent)) / 100)
}

/** `date` moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`)
  value.setUTCDate(value.getUTCDate() + days)
  return value.toISOString().slice(0, 10)
}

/** The first effective date the notice period allows from `today`. */
export function earliestEffectiveDate(today: string, noticeDays: number): string {
  return addDays(today, noticeDays)
}
