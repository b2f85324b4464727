import { once } from 'node:events'
import { finished } from 'node:stream/promises'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { from as copyFrom, to as copyTo } from 'pg-copy-streams'
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

/** NULL in COPY's text format. */
export const NULL = '\\N'

const UNESCAPES: Record<string, string> = { t: '\t', n: '\n', r: '\r' }

/** One value of COPY's text format as a string (the inverse of copyText for strings); null for \N. */
export function fromCopyText(value: string): string | null {
  if (value === NULL) return null
  return value.includes('\\') ? value.replace(/\\(.)/g, (_, char: string) => UNESCAPES[char] ?? char) : value
}

/** Outside the pool: bulk work outlasts its query timeout, and may wait longer to connect than a request. */
function bulkConnection(pool: pg.Pool): pg.Client {
  const connection = new pg.Client({ ...pool.options, query_timeout: undefined, connectionTimeoutMillis: 30_000 })
  connection.on('error', () => {})
  return connection
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
  const connection = bulkConnection(client)
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
  await copyLines(db, table, columns, rows.map((row) => copyLine(columns.map((column) => row[column]))).join(''))
}

export async function copyLines(db: Db, table: string, columns: readonly string[], lines: string): Promise<void> {
  if (!lines) return
  const copy = await openCopy(db, table, columns)
  try {
    await copy.write(lines)
  } catch (error) {
    await copy.abort()
    throw error
  }
  await copy.end()
}

const poolOf = (db: Db) => {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client
  return client instanceof pg.Pool ? client : null
}

/** `query`'s rows (never user input) as COPY text lines, a chunk at a time, each awaited before the next. */
export async function readCopy(
  db: Db,
  query: string,
  onLines: (lines: string[]) => Promise<void> | void,
): Promise<void> {
  const pool = poolOf(db)
  if (!pool) {
    const client = (db as unknown as { $client: PGlite }).$client
    const result = await client.query(`copy (${query}) to '/dev/blob'`)
    const text = (await result.blob?.text()) ?? ''
    if (text) await onLines(text.slice(0, -1).split('\n'))
    return
  }
  const connection = bulkConnection(pool)
  await connection.connect()
  try {
    const stream = connection.query(copyTo(`copy (${query}) to stdout`))
    stream.setEncoding('utf8')
    let rest = ''
    for await (const chunk of stream as AsyncIterable<string>) {
      const text = rest + chunk
      const end = text.lastIndexOf('\n')
      rest = text.slice(end + 1)
      if (end >= 0) await onLines(text.slice(0, end).split('\n'))
    }
  } finally {
    await connection.end().catch(() => {})
  }
}

/** `statements` (never user input) on two connections side by side (PGlite: in turn), e.g. one table's indexes. */
export async function runSideBySide(db: Db, statements: readonly string[]): Promise<void> {
  const pool = poolOf(db)
  const queue = [...statements]
  if (!pool) {
    const client = (db as unknown as { $client: PGlite }).$client
    for (const statement of queue) await client.query(statement)
    return
  }
  await Promise.all(
    [0, 1].map(async () => {
      const connection = bulkConnection(pool)
      await connection.connect()
      try {
        for (let statement = queue.shift(); statement !== undefined; statement = queue.shift())
          await connection.query(statement)
      } finally {
        await connection.end().catch(() => {})
      }
    }),
  )
}
