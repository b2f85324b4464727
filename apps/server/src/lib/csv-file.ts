import { CsvError, parse } from 'csv-parse/sync'
import { fileTypeFromBuffer } from 'file-type'
import type { CsvRowError } from '@storageops/contracts/unit-maps'
import { HttpError } from './http-error.ts'

const notCsv = (message: string) => new HttpError(415, 'unsupported_media_type', message, 'file')

/** 415 unless named .csv and UTF-8 text (no known binary type, no NUL byte; spec: admin-console-part-1 §9); 400 empty. */
export async function assertCsvFile(filename: string, data: Buffer): Promise<void> {
  if (!/\.csv$/i.test(filename.trim())) throw notCsv('Only .csv files are accepted.')
  if (data.length === 0) throw new HttpError(400, 'invalid_csv', 'The file is empty.', 'file')
  const type = await fileTypeFromBuffer(data)
  if (type) throw notCsv(`The file is not a CSV file (its content is ${type.ext.toUpperCase()}).`)
  if (data.includes(0)) throw notCsv('The file is not a CSV file (it holds binary data).')
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data)
  } catch {
    throw notCsv('The file is not a CSV file (it is not UTF-8 text).')
  }
}

/**
 * An uploaded CSV via csv-parse: header names (trimmed, lower case) and rows with their line (header = 1); CRLF, LF and
 * CR each end a row. 400 naming `file` when not valid CSV or without a header row.
 */
export function readCsvTable(data: Buffer): { names: string[]; rows: Array<{ record: string[]; line: number }> } {
  let records: { record: string[]; info: { lines: number } }[]
  try {
    records = parse(data, {
      bom: true,
      // csv-parse otherwise takes the first row's ending for the whole file; CRLF is listed before CR to win.
      record_delimiter: ['\r\n', '\n', '\r'],
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
      max_record_size: 64 * 1024,
    }) as unknown as typeof records
  } catch (error) {
    if (error instanceof CsvError)
      throw new HttpError(400, 'invalid_csv', `The file is not valid CSV: ${error.message}`, 'file')
    throw error
  }
  const [header, ...rows] = records
  if (!header) throw new HttpError(400, 'invalid_csv', 'The file is empty.', 'file')
  return {
    names: header.record.map((name) => name.trim().toLowerCase()),
    rows: rows.map(({ record, info }) => ({ record, line: info.lines })),
  }
}

const MAX_LISTED_ROWS = 100

/** 400 naming `file`; with `rows`, the first 100 bad rows (line numbers, header = 1, every reason) and their count. */
export const invalidCsv = (message: string, rows?: CsvRowError[], badRowCount?: number) =>
  new HttpError(
    400,
    'invalid_csv',
    message,
    'file',
    rows ? { rows: rows.slice(0, MAX_LISTED_ROWS), bad_row_count: badRowCount ?? rows.length } : {},
  )

/** readCsvTable for `noun` rows with `columns` in any order; 400 for a bad column set, no rows, or over `maxRows`. */
export function readCsvUpload(
  data: Buffer,
  shape: { columns: readonly string[]; required: readonly string[]; maxRows: number; noun: string },
): ReturnType<typeof readCsvTable> {
  const table = readCsvTable(data)
  const { names, rows } = table
  const unknown = names.filter((name) => !shape.columns.includes(name))
  if (unknown.length > 0)
    throw invalidCsv(
      `Unknown column ${unknown.map((name) => `"${name.slice(0, 40)}"`).join(', ')}; the columns are ${shape.columns.join(', ')}.`,
    )
  const missing = shape.required.filter((name) => !names.includes(name))
  if (missing.length > 0)
    throw invalidCsv(`Missing column ${missing.join(', ')}; the header row must name ${shape.required.join(', ')}.`)
  const repeated = names.filter((name, index) => names.indexOf(name) !== index)
  if (repeated.length > 0) throw invalidCsv(`Column ${repeated[0]} appears twice in the header.`)
  if (rows.length === 0) throw invalidCsv(`The file has no ${shape.noun}: only a header row.`)
  if (rows.length > shape.maxRows)
    throw invalidCsv(`The file has ${rows.length} ${shape.noun}; at most ${shape.maxRows} are accepted.`)
  return table
}
