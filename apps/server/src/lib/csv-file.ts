import { CsvError, parse } from 'csv-parse/sync'
import { fileTypeFromBuffer } from 'file-type'
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
 * An uploaded CSV read with csv-parse: header names (trimmed, lower case) and the rows after it, each with its line
 * in the file (header = 1). 400 naming `file` when it is not valid CSV or has no header row.
 */
export function readCsvTable(data: Buffer): { names: string[]; rows: Array<{ record: string[]; line: number }> } {
  let records: { record: string[]; info: { lines: number } }[]
  try {
    records = parse(data, {
      bom: true,
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
