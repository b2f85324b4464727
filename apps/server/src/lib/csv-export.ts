import { stringify } from 'csv-stringify/sync'

/**
 * A cell a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return that
 * hides one) is prefixed with an apostrophe, as OWASP's CSV-injection advice says.
 */
export function neutraliseCsvCell(value: string | number | boolean | Date | null | undefined): string {
  const text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value)
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}

/** A CSV file (csv-stringify, RFC 4180 quoting) with a header row of `columns` and every cell neutralised. */
export function toCsv<T extends Record<string, string | number | boolean | Date | null | undefined>>(
  columns: readonly (keyof T & string)[],
  rows: readonly T[],
): string {
  return stringify(
    rows.map((row) => columns.map((column) => neutraliseCsvCell(row[column]))),
    { header: true, columns: [...columns], record_delimiter: '\r\n' },
  )
}
