import { parseDollars } from '@storageops/contracts/rates'
import type { SsmClient, SsmRow } from '../../integrations/ssm/client.ts'
import type { SsmLease } from '../rates/ssm-rates.ts'

/** A lease as the system's rent roll holds it (`GetRentRoll`, decision 025). Money in cents; dates YYYY-MM-DD. */
export interface RentRollLease extends SsmLease {
  location_code: string
  tenant_id: string
  tenant_name: string
  unit_type_id: number
  moved_in: string | null
  rent_last_changed: string | null
  paid_thru: string | null
  military: boolean
  do_not_increase: boolean
}

/**
 * One call's answer: the codes asked for and when, the leases of its facilities, their unit types' street rates by
 * `CODE|typeId`, unknown codes.
 */
export interface RentRollBatch {
  codes: readonly string[]
  called_at: Date
  leases: RentRollLease[]
  streetRates: Map<string, number>
  missing: string[]
}

/** Facilities per GetRentRoll call (the system takes up to 200), calls in flight, and one call's timeout. */
export const RENT_ROLL_BATCH = 25
const IN_FLIGHT = 2
const CALL_TIMEOUT_MS = 60_000

const cents = (value: unknown) => (typeof value === 'string' && value ? parseDollars(value) : null)
const text = (value: unknown) => (typeof value === 'string' && value ? value : null)

/** A `Lease` row of the rent roll (columns as child elements; a null column is left out). */
function leaseOf(row: SsmRow): RentRollLease {
  const scheduled = cents(row.ScheduledRent)
  return {
    location_code: row.SiteCode ?? '',
    tenant_id: row.TenantID ?? '',
    tenant_name: row.TenantName ?? '',
    lease_no: row.LeaseNumber ?? '',
    unit_no: row.UnitNumber ?? '',
    unit_type_id: Number(row.UnitTypeID ?? 0),
    rent_cents: cents(row.Rent) ?? 0,
    scheduled: scheduled === null ? null : { rent_cents: scheduled, date: text(row.ScheduledDate) ?? '' },
    moved_in: text(row.MovedIn),
    rent_last_changed: text(row.RentLastChanged),
    paid_thru: text(row.PaidThru),
    military: row.Military === 'true',
    do_not_increase: row.ExcludeFromRateIncrease === 'true',
  }
}

async function fetchBatch(ssm: SsmClient, codes: readonly string[]): Promise<RentRollBatch> {
  const calledAt = new Date()
  const result = await ssm.call('GetRentRoll', { strLocationCodes: codes.join(',') }, CALL_TIMEOUT_MS)
  return {
    codes,
    called_at: calledAt,
    leases: (result.tables.Lease ?? []).map(leaseOf),
    streetRates: new Map(
      (result.tables.UnitTypes ?? []).map((row) => [`${row.SiteCode}|${row.UnitTypeID}`, cents(row.StandardRate) ?? 0]),
    ),
    missing: (result.tables.Missing ?? []).map((row) => row.SiteCode ?? ''),
  }
}

/** The rent roll of `codes` in order, RENT_ROLL_BATCH a call with the next calls under way; throws SsmError. */
export async function* readRentRoll(ssm: SsmClient, codes: readonly string[]): AsyncGenerator<RentRollBatch> {
  const batches: string[][] = []
  for (let start = 0; start < codes.length; start += RENT_ROLL_BATCH)
    batches.push(codes.slice(start, start + RENT_ROLL_BATCH))
  const pending = batches.slice(0, IN_FLIGHT).map((batch) => fetchBatch(ssm, batch))
  for (const promise of pending) void promise.catch(() => undefined)
  for (let index = 0; index < batches.length; index++) {
    const batch = await pending[index]!
    const next = batches[index + IN_FLIGHT]
    if (next) {
      const promise = fetchBatch(ssm, next)
      void promise.catch(() => undefined)
      pending.push(promise)
    }
    yield batch
  }
}
