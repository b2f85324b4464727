import { once } from 'node:events'
import { finished } from 'node:stream/promises'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import type { Db } from './client.ts'

type Value = string | number | boolean | null | undefined

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' }

/** A value in COPY's text format (PostgreSQL docs, COPY "Text Format"): \N is NULL; backslash, tab, line breaks escaped. */
function copyText(value: Value): string {
  if (value === null || value === undefined) return '\\N'
  if (typeof value === 'string')
    return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (char) => ESCAPES[char]!) : value
  if (typeof value === 'boolean') return value ? 't' : 'f'
  return String(value)
}

/** One COPY text-format row, line break included; null/undefined is NULL (csv-stringify: 6–10× slower, ecri.md). */
export function copyLine(values: readonly Value[]): string {
  let line = copyText(values[0])
  for (let index = 1; index < values.length; index++) line += `\t${copyText(values[index])}`
  return `${line}\n`
}

/** A COPY into one table that stays open while its rows are computed (PostgreSQL: one statement on one connection). */
export interface CopyStream {
  /** Rows from copyLine; resolves when the stream takes more (the server reads them meanwhile). */
  write(lines: string): Promise<void>
  end(): Promise<void>
  /** Abandons the COPY: on PostgreSQL nothing written is kept; on PGlite the rows already written stay. */
  abort(): Promise<void>
}

/** Opens a COPY into `table` (`table` and `columns` are written into the statement as they are: never user input). */
export async function openCopy(db: Db, table: string, columns: readonly string[]): Promise<CopyStream> {
  const statement = `copy ${table} (${columns.map((column) => `"${column}"`).join(', ')}) from`
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client
  if (!(client instanceof pg.Pool))
    return {
      write: async (lines) => {
        if (lines) await client.query(`${statement} '/dev/blob'`, [], { blob: new Blob([lines]) })
      },
      end: async () => {},
      abort: async () => {},
    }
  // A connection of its own, outside the pool: a run's COPY lasts longer than the pool's query timeout allows.
  const connection = new pg.Client({ ...client.options, query_timeout: undefined })
  let failure: Error | null = null
  connection.on('error', (error) => (failure ??= error))
  await connection.connect()
  const stream = connection.query(copyFrom(`${statement} stdin`))
  stream.on('error', (error: Error) => (failure ??= error))
  let released = false
  const release = () => {
    if (!released) void connection.end().catch(() => {})
    released = true
  }
  return {
    async write(lines) {
      if (failure) throw failure
      if (!stream.write(lines)) await once(stream, 'drain')
    },
    async end() {
      try {
        stream.end()
        await finished(stream)
      } finally {
        release()
      }
    },
    async abort() {
      stream.destroy()
      release()
    },
  }
}

export async function copyRows<T extends Record<string, Value>>(
  db: Db,
  table: string,
  columns: readonly (keyof T & string)[],
  rows: readonly T[],
): Promise<void> {
  if (rows.length === 0) return
  const copy = await openCopy(db, table, columns)
  try {
    await copy.write(rows.map((row) => copyLine(columns.map((column) => row[column]))).join(''))
  } catch (error) {
    await copy.abort()
    throw error
  }
  await copy.end()
}
