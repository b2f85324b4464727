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

/** One call's answer: the leases of its facilities, their unit types' street rates by `CODE|typeId`, unknown codes. */
export interface RentRollBatch {
  leases: RentRollLease[]
  streetRates: Map<string, number>
  missing: string[]
}

/** Facilities per GetRentRoll call (the system takes up to 200) and calls in flight. */
export const RENT_ROLL_BATCH = 100
const IN_FLIGHT = 2

const cents = (value: unknown) => (typeof value === 'string' && value ? parseDollars(value) : null)
const text = (value: unknown) => (typeof value === 'string' && value ? value : null)

type Value = string | number | boolean | null

/** A facility's `Leases` (a JSON array of rows, columns as its `LeaseColumns` name them) as leases. */
function leasesOf(row: SsmRow): RentRollLease[] {
  const index = new Map((row.LeaseColumns ?? '').split(',').map((column, position) => [column, position]))
  const code = row.SiteCode ?? ''
  return (JSON.parse(row.Leases || '[]') as Value[][]).map((values) => {
    const get = (column: string) => values[index.get(column) ?? -1] ?? null
    const scheduled = cents(get('ScheduledRent'))
    return {
      location_code: code,
      tenant_id: String(get('TenantID') ?? ''),
      tenant_name: String(get('TenantName') ?? ''),
      lease_no: String(get('LeaseNumber') ?? ''),
      unit_no: String(get('UnitNumber') ?? ''),
      unit_type_id: Number(get('UnitTypeID') ?? 0),
      rent_cents: cents(get('Rent')) ?? 0,
      scheduled: scheduled === null ? null : { rent_cents: scheduled, date: text(get('ScheduledDate')) ?? '' },
      moved_in: text(get('MovedIn')),
      rent_last_changed: text(get('RentLastChanged')),
      paid_thru: text(get('PaidThru')),
      military: get('Military') === true,
      do_not_increase: get('ExcludeFromRateIncrease') === true,
    }
  })
}

async function fetchBatch(ssm: SsmClient, codes: readonly string[]): Promise<RentRollBatch> {
  const result = await ssm.call('GetRentRoll', { strLocationCodes: codes.join(',') })
  return {
    leases: (result.tables.RentRoll ?? []).flatMap(leasesOf),
    streetRates: new Map(
      (result.tables.UnitTypes ?? []).map((row) => [`${row.SiteCode}|${row.UnitTypeID}`, cents(row.StandardRate) ?? 0]),
    ),
    missing: (result.tables.Missing ?? []).map((row) => row.SiteCode ?? ''),
  }
}

/**
 * The rent roll of `codes`, RENT_ROLL_BATCH facilities a call with the next calls already under way, in order.
 * Throws SsmError when the system cannot be reached or refuses a call.
 */
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
