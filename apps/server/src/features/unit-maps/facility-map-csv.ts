import type { CsvRowError, LocationUnit } from '@storageops/contracts/unit-maps'
import { CSV_COLUMNS, CSV_LIMITS, CSV_REQUIRED_COLUMNS, SYSTEM_CATEGORIES } from '@storageops/contracts/unit-map-rules'
import { invalidCsv, readCsvUpload } from '../../lib/csv-file.ts'

export type CsvUnit = Omit<LocationUnit, 'id' | 'location_code' | 'system' | 'system_rotation'>

type Column = (typeof CSV_COLUMNS)[number]

function number(
  raw: string | undefined,
  name: string,
  reasons: string[],
  options: { min: number; max: number; integer?: boolean },
): number {
  const text = (raw ?? '').trim()
  if (text === '') {
    reasons.push(`${name} is required`)
    return Number.NaN
  }
  const value = Number(text)
  if (!Number.isFinite(value)) reasons.push(`${name} must be a number (got "${text.slice(0, 20)}")`)
  else if (options.integer && !Number.isInteger(value)) reasons.push(`${name} must be a whole number (got ${text})`)
  else if (value < options.min || value > options.max)
    reasons.push(`${name} must be between ${options.min} and ${options.max} (got ${text})`)
  return value
}

function text(raw: string | undefined, name: string, maxLength: number, reasons: string[]): string | null {
  const value = (raw ?? '').trim()
  if (value.length > maxLength) reasons.push(`${name} must be at most ${maxLength} characters`)
  return value === '' ? null : value
}

/**
 * Any bad row refuses the file: 400 with `rows` (line numbers, header = 1, every reason). `reserved`: the
 * system units' unit numbers (upper case) and ids, which the file may not reuse. Rules: docs/areas/unit-maps.md.
 */
export function parseFacilityMapCsv(
  data: Buffer,
  reserved: { unitNos: ReadonlySet<string>; unitIds: ReadonlySet<string> } = { unitNos: new Set(), unitIds: new Set() },
): CsvUnit[] {
  const { names, rows } = readCsvUpload(data, {
    columns: CSV_COLUMNS,
    required: CSV_REQUIRED_COLUMNS,
    maxRows: CSV_LIMITS.maxRows,
    noun: 'units',
  })
  const index = Object.fromEntries(names.map((name, position) => [name, position])) as Partial<Record<Column, number>>
  const cell = (record: string[], column: Column) => (index[column] === undefined ? undefined : record[index[column]])
  const errors: CsvRowError[] = []
  const units: CsvUnit[] = []
  const lineOfUnitNo = new Map<string, number>()
  const lineOfUnitId = new Map<string, number>()
  const L = CSV_LIMITS
  for (const { record, line } of rows) {
    const reasons: string[] = []
    if (record.length !== names.length) reasons.push(`has ${record.length} fields, the header has ${names.length}`)
    const unitNo = (cell(record, 'unit_no') ?? '').trim()
    if (unitNo === '') reasons.push('unit_no is required')
    else if (unitNo.length > L.unitNoMaxLength) reasons.push(`unit_no must be at most ${L.unitNoMaxLength} characters`)
    const unitId = (cell(record, 'unit_id') ?? '').trim() || unitNo
    if (unitId.length > L.unitIdMaxLength) reasons.push(`unit_id must be at most ${L.unitIdMaxLength} characters`)
    const key = unitNo.toUpperCase()
    if (unitNo !== '') {
      if (lineOfUnitNo.has(key)) reasons.push(`unit_no ${unitNo} is already on line ${lineOfUnitNo.get(key)}`)
      else lineOfUnitNo.set(key, line)
      if (reserved.unitNos.has(key)) reasons.push(`unit_no ${unitNo} belongs to the facility's Gate or Rental Center`)
    }
    if (unitId !== '') {
      const earlier = lineOfUnitId.get(unitId)
      if (earlier === undefined) lineOfUnitId.set(unitId, line)
      else if (unitId !== unitNo || lineOfUnitNo.get(key) !== earlier)
        reasons.push(`unit_id ${unitId} is already on line ${earlier}`)
      if (reserved.unitIds.has(unitId))
        reasons.push(`unit_id ${unitId} belongs to the facility's Gate or Rental Center`)
    }
    const floor = number(cell(record, 'floor_no'), 'floor_no', reasons, {
      min: L.floorMin,
      max: L.floorMax,
      integer: true,
    })
    const top = number(cell(record, 'top_coordinate'), 'top_coordinate', reasons, {
      min: -L.coordinateMax,
      max: L.coordinateMax,
    })
    const left = number(cell(record, 'left_coordinate'), 'left_coordinate', reasons, {
      min: -L.coordinateMax,
      max: L.coordinateMax,
    })
    const width = number(cell(record, 'width'), 'width', reasons, { min: L.sizeMin, max: L.sizeMax })
    const length = number(cell(record, 'length'), 'length', reasons, { min: L.sizeMin, max: L.sizeMax })
    const rawRotate = cell(record, 'rotate')
    const rotate =
      (rawRotate ?? '').trim() === '' ? 0 : number(rawRotate, 'rotate', reasons, { min: L.rotateMin, max: L.rotateMax })
    const category = text(cell(record, 'category_name'), 'category_name', L.categoryMaxLength, reasons)
    if (
      category &&
      (SYSTEM_CATEGORIES as readonly string[]).some((name) => name.toLowerCase() === category.toLowerCase())
    ) {
      reasons.push(`${category} is placed with the Gate / Rental Center inputs of the map editor, not in the CSV`)
    }
    const description = text(cell(record, 'description'), 'description', L.descriptionMaxLength, reasons)
    if (reasons.length > 0) {
      errors.push({ line, unit_no: unitNo || null, reasons })
      continue
    }
    units.push({
      unit_id: unitId,
      unit_no: unitNo,
      floor_no: floor,
      top_coordinate: top,
      left_coordinate: left,
      width,
      length,
      rotate,
      category_name: category,
      description,
    })
  }
  if (errors.length > 0) {
    const first = errors[0]!
    const summary = `line ${first.line}: ${first.reasons.join('; ')}`
    throw invalidCsv(
      `${errors.length} of ${rows.length} rows are not valid, so nothing was imported (${summary}${errors.length > 1 ? '; …' : ''}).`,
      errors,
      errors.length,
    )
  }
  return units
}
