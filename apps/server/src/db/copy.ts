import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import type { Db } from './client.ts'

type Value = string | number | boolean | null | undefined

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' }

/** A value in COPY's text format (PostgreSQL docs, COPY "Text Format"): \N is NULL; backslash, tab, line breaks escaped. */
function copyText(value: Value): string {
  if (value === null || value === undefined) return '\\N'
  if (typeof value === 'string') return value.replace(/[\\\t\n\r]/g, (char) => ESCAPES[char]!)
  if (typeof value === 'boolean') return value ? 't' : 'f'
  return String(value)
}

/**
 * Loads `rows` into `table` with COPY on either driver, in PostgreSQL's text format, written here (csv-stringify took
 * six to ten times as long as this for 25,000 rows of 26 columns; this takes about as long as their JSON.stringify). `table` and `columns` are written into the statement as
 * they are (identifiers, never user input); a null or undefined value is NULL, an empty string stays empty.
 */
export async function copyRows<T extends Record<string, Value>>(
  db: Db,
  table: string,
  columns: readonly (keyof T & string)[],
  rows: readonly T[],
): Promise<void> {
  if (rows.length === 0) return
  let text = ''
  for (const row of rows) text += `${columns.map((column) => copyText(row[column])).join('\t')}\n`
  const target = `${table} (${columns.map((column) => `"${column}"`).join(', ')})`
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client
  if (client instanceof pg.Pool) {
    const connection = await client.connect()
    try {
      await pipeline(Readable.from([text]), connection.query(copyFrom(`copy ${target} from stdin`)))
    } finally {
      connection.release()
    }
  } else await client.query(`copy ${target} from '/dev/blob'`, [], { blob: new Blob([text]) })
}
