import { z } from 'zod'
import { WINNER_CSV_COLUMNS, WINNER_CSV_MAX_ROWS, WINNER_CSV_REQUIRED_COLUMNS } from '@storageops/contracts/auctions'
import { toE164 } from '@storageops/contracts/phone'
import type { CsvRowError } from '@storageops/contracts/unit-maps'
import { assertCsvFile, invalidCsv, readCsvUpload } from '../../lib/csv-file.ts'

export interface CsvWinner {
  name: string
  email: string
  location_code: string
  unit_no: string
  facility_balance: number
  phone: string | null
  address: string | null
  city: string | null
  zip: string | null
}

type Column = (typeof WINNER_CSV_COLUMNS)[number]
const MAX_LENGTH: Record<Column, number> = {
  name: 200,
  email: 254,
  location_code: 40,
  unit_no: 40,
  facility_balance: 20,
  phone: 40,
  address: 200,
  city: 100,
  zip: 10,
}
const email = z.email()
const ZIP = /^\d{5}(-\d{4})?$/
const MONEY = /^\$?\s*\d{1,3}(,?\d{3})*(\.\d{1,2})?$|^\$?\s*\d+(\.\d{1,2})?$/
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/

/**
 * A winners CSV (docs/areas/auctions.md) via lib/csv-file.ts; `wonUnits` as `CODE/UNIT` upper case,
 * `knownLocationCodes` upper case → the facility's own. Any bad row refuses the file: 400 with `rows` and reasons.
 */
export async function parseWinnersCsv(
  file: { filename: string; data: Buffer },
  context: { knownLocationCodes: ReadonlyMap<string, string>; wonUnits: ReadonlySet<string> },
): Promise<CsvWinner[]> {
  await assertCsvFile(file.filename, file.data)
  const { names, rows } = readCsvUpload(file.data, {
    columns: WINNER_CSV_COLUMNS,
    required: WINNER_CSV_REQUIRED_COLUMNS,
    maxRows: WINNER_CSV_MAX_ROWS,
    noun: 'winners',
  })
  const position = new Map(names.map((name, index) => [name, index]))
  const errors: CsvRowError[] = []
  const winners: CsvWinner[] = []
  const lineOfUnit = new Map<string, number>()
  for (const { record, line } of rows) {
    const reasons: string[] = []
    if (record.length !== names.length) reasons.push(`has ${record.length} fields, the header has ${names.length}`)
    const cell = (column: Column) => {
      const index = position.get(column)
      const value = (index === undefined ? '' : (record[index] ?? '')).trim()
      if (value.length > MAX_LENGTH[column]) reasons.push(`${column} must be at most ${MAX_LENGTH[column]} characters`)
      if (CONTROL.test(value)) reasons.push(`${column} holds control characters`)
      return value
    }
    const required = (column: Column) => {
      const value = cell(column)
      if (value === '') reasons.push(`${column} is required`)
      return value
    }
    const name = required('name')
    const address = required('email')
    if (address && !email.safeParse(address).success)
      reasons.push(`email "${address.slice(0, 60)}" is not an email address`)
    const givenCode = required('location_code')
    const locationCode = context.knownLocationCodes.get(givenCode.toUpperCase()) ?? givenCode.toUpperCase()
    if (givenCode && !context.knownLocationCodes.has(givenCode.toUpperCase()))
      reasons.push(`location_code ${givenCode.slice(0, 40)} is not a known facility`)
    const unitNo = required('unit_no')
    const balanceText = required('facility_balance')
    const balance = Number(balanceText.replace(/[$,\s]/g, ''))
    if (balanceText && (!MONEY.test(balanceText) || !Number.isFinite(balance)))
      reasons.push(
        `facility_balance must be an amount of at least 0 with at most 2 decimals (got "${balanceText.slice(0, 20)}")`,
      )
    else if (balance > 9_999_999_999) reasons.push('facility_balance is too large')
    const phone = cell('phone')
    if (phone && !toE164(phone)) reasons.push(`phone "${phone}" is not a valid phone number`)
    const zip = cell('zip')
    if (zip && !ZIP.test(zip)) reasons.push(`zip "${zip}" is not a ZIP code (12345 or 12345-6789)`)
    const key = `${locationCode.toUpperCase()}/${unitNo.toUpperCase()}`
    if (locationCode && unitNo) {
      if (lineOfUnit.has(key))
        reasons.push(`unit ${unitNo} at ${locationCode} is already won on line ${lineOfUnit.get(key)}`)
      else if (context.wonUnits.has(key))
        reasons.push(`unit ${unitNo} at ${locationCode} already has a winner in this auction`)
      else lineOfUnit.set(key, line)
    }
    if (reasons.length > 0) {
      errors.push({ line, unit_no: unitNo || null, reasons })
      continue
    }
    winners.push({
      name,
      email: address.toLowerCase(),
      location_code: locationCode,
      unit_no: unitNo,
      facility_balance: balance,
      phone: phone || null,
      address: cell('address') || null,
      city: cell('city') || null,
      zip: zip || null,
    })
  }
  if (errors.length > 0)
    throw invalidCsv(
      `${errors.length} of ${rows.length} row${rows.length === 1 ? '' : 's'} ${errors.length === 1 ? 'is' : 'are'} not valid; nothing was imported.`,
      errors,
    )
  return winners
}
