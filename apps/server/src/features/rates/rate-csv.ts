import {
  RATE_CSV_MAX_ROWS,
  RATE_UPLOADS,
  parseDollars,
  type RateKind,
  type RateRowError,
} from '@storageops/contracts/rates'
import { earliestEffectiveDate, maxRateCents } from '@storageops/contracts/rate-guardrails'
import { HttpError, badGateway } from '../../lib/http-error.ts'
import { readCsvTable } from '../../lib/csv-file.ts'
import { SsmError } from '../../integrations/ssm/client.ts'
import type { SsmLease, SsmUnitType } from './ssm-rates.ts'

/** A row of a rate file after the guardrails; `errors` empty means it may be processed. */
export interface CheckedRateRow {
  row_no: number
  cells: Record<string, string>
  errors: RateRowError[]
  location_code: string | null
  unit_type_id: number | null
  tenant_id: string | null
  lease_no: string | null
  unit_no: string | null
  unit_count: number | null
  old_cents: number | null
  new_cents: number | null
  effective_date: string | null
}

export interface GuardrailContext {
  /** Today at the operator, YYYY-MM-DD. */
  today: string
  noticeDays: number
  maxIncreasePercent: number
  /** Location codes of our facilities, upper case. */
  locations: ReadonlySet<string>
  unitTypesOf(locationCode: string): Promise<SsmUnitType[]>
  leasesOf(locationCode: string, tenantId: string): Promise<SsmLease[] | null>
}

const invalidCsv = (message: string) => new HttpError(400, 'invalid_csv', message, 'file')

function readRecords(kind: RateKind, data: Buffer): Array<{ row_no: number; cells: Record<string, string> }> {
  const { names, rows } = readCsvTable(data)
  const missing = RATE_UPLOADS[kind].columns.filter((column) => !names.includes(column))
  if (missing.length > 0)
    throw invalidCsv(
      `The file has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}. Columns: ${RATE_UPLOADS[kind].columns.join(', ')}.`,
    )
  if (rows.length === 0) throw invalidCsv('The file has no rows below its header.')
  if (rows.length > RATE_CSV_MAX_ROWS)
    throw new HttpError(
      413,
      'payload_too_large',
      `The file has ${rows.length.toLocaleString('en-US')} rows; at most ${RATE_CSV_MAX_ROWS.toLocaleString('en-US')} are accepted.`,
      'file',
    )
  return rows.map(({ record, line }) => ({
    row_no: line,
    cells: Object.fromEntries(names.map((name, index) => [name, (record[index] ?? '').trim()])),
  }))
}

async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await task(items[index]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

/** The system's answer for a lookup; unknown facility (Ret_Code -2) is null, transport failures 502 the upload. */
async function lookup<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof SsmError && error.retCode !== null) return null
    if (error instanceof SsmError) throw badGateway(error.message)
    throw error
  }
}

const isIsoDate = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text

/**
 * Reads a rate file and checks every row (issue 16; docs/areas/rates.md), each refusal with line, column and rule.
 * 400 without the required columns or rows, 413 over RATE_CSV_MAX_ROWS, 502 the system unreachable.
 */
export async function checkRateFile(
  kind: RateKind,
  data: Buffer,
  context: GuardrailContext,
): Promise<CheckedRateRow[]> {
  const records = readRecords(kind, data)
  const codes = [...new Set(records.map(({ cells }) => (cells.location_code ?? '').toUpperCase()))].filter((code) =>
    context.locations.has(code),
  )
  const unitTypes = new Map<string, Map<number, SsmUnitType> | null>()
  const leases = new Map<string, SsmLease[] | null>()
  if (kind === 'street_rate') {
    const found = await mapLimited(codes, 4, (code) => lookup(() => context.unitTypesOf(code)))
    codes.forEach((code, index) =>
      unitTypes.set(code, found[index] ? new Map(found[index].map((type) => [type.unit_type_id, type])) : null),
    )
  } else {
    const keys = [
      ...new Set(
        records
          .map(({ cells }) => `${(cells.location_code ?? '').toUpperCase()}|${cells.tenant_id ?? ''}`)
          .filter((key) => /^[^|]+\|\d{1,12}$/.test(key) && context.locations.has(key.split('|')[0]!)),
      ),
    ]
    const found = await mapLimited(keys, 8, (key) => {
      const [code, tenant] = key.split('|') as [string, string]
      return lookup(() => context.leasesOf(code, tenant))
    })
    keys.forEach((key, index) => leases.set(key, found[index] ?? null))
  }

  const firstRowOfKey = new Map<string, number>()
  const earliest = earliestEffectiveDate(context.today, context.noticeDays)
  return records.map(({ row_no, cells }) => {
    const errors: RateRowError[] = []
    const refuse = (column: string, rule: string, text: string) =>
      errors.push({ row: row_no, column, rule, message: `Row ${row_no}, ${column}: ${text}` })
    const required = (column: string) => {
      const value = cells[column] ?? ''
      if (!value) refuse(column, 'required', 'is required.')
      return value
    }
    const money = (column: string) => {
      const value = required(column)
      if (!value) return null
      const parsed = parseDollars(value)
      if (parsed === null)
        refuse(column, 'dollars and cents', `"${value.slice(0, 20)}" is not an amount in dollars (such as 125.00).`)
      return parsed
    }

    const checked: CheckedRateRow = {
      row_no,
      cells,
      errors,
      location_code: null,
      unit_type_id: null,
      tenant_id: null,
      lease_no: null,
      unit_no: null,
      unit_count: null,
      old_cents: null,
      new_cents: null,
      effective_date: null,
    }
    const code = required('location_code').toUpperCase()
    const known = code !== '' && context.locations.has(code)
    if (code && !known) refuse('location_code', 'known facility', `${code.slice(0, 20)} is not a facility.`)
    checked.location_code = code || null
    const newColumn = kind === 'street_rate' ? 'new_street_rate' : 'new_rent'
    const newCents = money(newColumn)
    if (newCents !== null && newCents <= 0) refuse(newColumn, 'above zero', 'must be above zero.')
    checked.new_cents = newCents

    let key = ''
    if (kind === 'street_rate') {
      const raw = required('unit_type_id')
      const typeId = /^\d{1,9}$/.test(raw) ? Number(raw) : null
      if (raw && typeId === null) refuse('unit_type_id', 'whole number', `"${raw.slice(0, 20)}" is not a unit type id.`)
      checked.unit_type_id = typeId
      key = `${code}|${typeId}`
      if (known && typeId !== null) {
        const types = unitTypes.get(code)
        const type = types?.get(typeId)
        if (!types)
          refuse('location_code', 'known to the system', `${code} is not set up in the storage-management system.`)
        else if (!type) refuse('unit_type_id', 'unit type exists', `unit type ${typeId} is not used at ${code}.`)
        else {
          checked.old_cents = type.street_cents
          checked.unit_count = type.unit_count
        }
      }
    } else {
      const tenantId = required('tenant_id')
      if (tenantId && !/^\d{1,12}$/.test(tenantId))
        refuse('tenant_id', 'whole number', `"${tenantId.slice(0, 20)}" is not a tenant id.`)
      const leaseNo = required('lease_no')
      const unitNo = required('unit_no')
      const currentCents = money('current_rent')
      const date = required('effective_date')
      if (date && !isIsoDate(date))
        refuse('effective_date', 'ISO date', `"${date.slice(0, 20)}" is not a date written YYYY-MM-DD.`)
      else if (date && date < earliest)
        refuse(
          'effective_date',
          'notice period',
          `must be ${earliest} or later (${context.noticeDays} days' notice from ${context.today}).`,
        )
      Object.assign(checked, { tenant_id: tenantId || null, lease_no: leaseNo || null, unit_no: unitNo || null })
      checked.effective_date = date || null
      key = `${code}|${tenantId}|${leaseNo.toUpperCase()}`
      if (known && /^\d{1,12}$/.test(tenantId) && leaseNo) {
        const tenantLeases = leases.get(`${code}|${tenantId}`)
        const lease = tenantLeases?.find((candidate) => candidate.lease_no.toUpperCase() === leaseNo.toUpperCase())
        if (!tenantLeases) refuse('tenant_id', 'tenant exists', `tenant ${tenantId} is not a tenant at ${code}.`)
        else if (!lease) refuse('lease_no', 'lease exists', `tenant ${tenantId} has no lease ${leaseNo.slice(0, 20)}.`)
        else {
          checked.lease_no = lease.lease_no
          checked.old_cents = lease.rent_cents
          if (unitNo && unitNo.toUpperCase() !== lease.unit_no.toUpperCase())
            refuse(
              'unit_no',
              'unit matches lease',
              `lease ${lease.lease_no} is for unit ${lease.unit_no}, not ${unitNo.slice(0, 20)}.`,
            )
          if (
            newCents !== null &&
            lease.scheduled?.rent_cents === newCents &&
            lease.scheduled.date === checked.effective_date
          )
            refuse(
              'new_rent',
              'already scheduled',
              `lease ${lease.lease_no} already has ${(newCents / 100).toFixed(2)} scheduled for ${lease.scheduled.date}.`,
            )
          if (currentCents !== null && currentCents !== lease.rent_cents)
            refuse(
              'current_rent',
              'current rent matches',
              `the system holds ${(lease.rent_cents / 100).toFixed(2)}, not ${(currentCents / 100).toFixed(2)} (the file is stale).`,
            )
        }
      }
    }
    if (checked.old_cents !== null && newCents !== null && newCents > 0) {
      if (newCents > maxRateCents(checked.old_cents, context.maxIncreasePercent))
        refuse(
          newColumn,
          'maximum increase',
          `${((newCents / checked.old_cents - 1) * 100).toFixed(1)} % above ${(checked.old_cents / 100).toFixed(2)} exceeds the ${context.maxIncreasePercent} % maximum increase.`,
        )
    }
    const keyColumn = kind === 'street_rate' ? 'unit_type_id' : 'lease_no'
    if (!errors.some((error) => error.column === keyColumn || error.column === 'location_code')) {
      const first = firstRowOfKey.get(key)
      if (first !== undefined)
        refuse(
          keyColumn,
          'no key twice',
          `the same ${kind === 'street_rate' ? 'unit type' : 'lease'} is on row ${first}.`,
        )
      else firstRowOfKey.set(key, row_no)
    }
    return checked
  })
}
