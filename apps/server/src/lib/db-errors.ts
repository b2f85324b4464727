import { DrizzleQueryError } from 'drizzle-orm'
import { HttpError } from './http-error.ts'

/** Failed queries (issue 12): their HTTP meaning, and logs of SQL state and query name, never parameters or detail. */

export const DATABASE_RETRY_AFTER_SECONDS = 5
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is not reachable right now. Try again in a few seconds.'

interface PgLikeError {
  code?: unknown
  message?: unknown
  detail?: unknown
  constraint?: unknown
  table?: unknown
  query?: unknown
  cause?: unknown
}

/** Socket failures and node-postgres's own messages for a server that is down, refusing or not answering. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
])
const CONNECTION_MESSAGES =
  /^(timeout exceeded when trying to connect|Connection terminated|Query read timeout|Client has encountered a connection error|Cannot use a pool after calling end|The database is not reachable)/
/** SQL states of an unavailable or overloaded server, or of work it cancelled (statement timeout, shutdown, deadlock). */
const UNAVAILABLE_STATES = /^(08|53|57P0[1-4]|57014|40001|40P01)/

function sqlStateOf(error: PgLikeError): string | undefined {
  // No SQL state class starts with E, while socket codes such as EPIPE are also five capitals.
  return typeof error.code === 'string' && /^[0-9A-DF-Z][0-9A-Z]{4}$/.test(error.code) ? error.code : undefined
}

function sqlOf(error: unknown): string | undefined {
  for (let current = error as PgLikeError | undefined, depth = 0; current && depth < 5; depth++) {
    if (typeof current.query === 'string') return current.query
    current = current.cause as PgLikeError | undefined
  }
  return undefined
}

/** A short, value-free name of a statement: its verb and first table, e.g. `insert users`, `select sessions`. */
export function queryName(sql: string | undefined): string | undefined {
  if (!sql) return undefined
  const verb = /^\s*(select|insert|update|delete|with|begin|commit|rollback|create|alter|drop|lock)\b/i.exec(sql)?.[1]
  const table = /\b(?:from|into|update|join)\s+"?([A-Za-z0-9_.]+)"?/i.exec(sql)?.[1]
  return [verb?.toLowerCase() ?? 'query', table].filter(Boolean).join(' ')
}

function databaseCause(error: unknown): PgLikeError | undefined {
  if (!error || typeof error !== 'object') return undefined
  const top = error as PgLikeError
  if (error instanceof DrizzleQueryError) return (top.cause as PgLikeError | undefined) ?? top
  if (sqlStateOf(top) || typeof top.query === 'string') return top
  if (typeof top.code === 'string' && CONNECTION_CODES.has(top.code)) return top
  if (typeof top.message === 'string' && CONNECTION_MESSAGES.test(top.message)) return top
  return undefined
}

export function isDatabaseUnavailable(error: unknown): boolean {
  const cause = databaseCause(error)
  if (!cause) return false
  const state = sqlStateOf(cause)
  if (state) return UNAVAILABLE_STATES.test(state)
  return (
    (typeof cause.code === 'string' && CONNECTION_CODES.has(cause.code)) ||
    (typeof cause.message === 'string' && CONNECTION_MESSAGES.test(cause.message)) ||
    // node-postgres wraps a dropped socket as an error without a code whose cause is the socket error
    isDatabaseUnavailable(cause.cause)
  )
}

/** The key columns a unique or foreign-key violation names ("Key (email)=(…)"), without the values. */
function keyColumns(detail: unknown): string[] {
  const columns = typeof detail === 'string' ? /^Key \((.*?)\)=\(/.exec(detail)?.[1] : undefined
  if (!columns) return []
  return columns
    .split(',')
    .map((column) => /([a-z_][a-z0-9_]*)(?:::\w+)?\)*$/i.exec(column.trim())?.[1] ?? '')
    .filter(Boolean)
}

/** Whether the error or one of up to four causes below it has the SQLSTATE (Drizzle wraps the driver's error). */
function hasSqlState(error: unknown, state: string): boolean {
  let current = error as PgLikeError | undefined
  for (let depth = 0; current && depth < 5; depth++) {
    if (current.code === state) return true
    current = current.cause as PgLikeError | undefined
  }
  return false
}

/** PostgreSQL's unique_violation (23505) on the error or up to four causes below it. */
export const isUniqueViolation = (error: unknown): boolean => hasSqlState(error, '23505')

/** PostgreSQL's foreign_key_violation (23503) on the error or up to four causes below it. */
export const isForeignKeyViolation = (error: unknown): boolean => hasSqlState(error, '23503')

/** Unique 409, missing reference 422, still referenced 409, bad value 400, unreachable 503; null for a server fault. */
export function httpErrorForDatabase(error: unknown): HttpError | null {
  if (isDatabaseUnavailable(error))
    return new HttpError(503, 'unavailable', DATABASE_UNAVAILABLE_MESSAGE, undefined, {
      retry_after_seconds: DATABASE_RETRY_AFTER_SECONDS,
    })
  const cause = databaseCause(error)
  const state = cause && sqlStateOf(cause)
  if (!cause || !state) return null
  const [column] = keyColumns(cause.detail)
  if (state === '23505')
    return new HttpError(
      409,
      'conflict',
      column ? `This ${column} is already taken.` : 'This record already exists.',
      column,
    )
  if (state === '23503') {
    return typeof cause.detail === 'string' && cause.detail.includes('still referenced')
      ? new HttpError(409, 'conflict', 'This record is still in use and cannot be removed.')
      : new HttpError(422, 'unprocessable', `${column ?? 'A reference'} names a record that does not exist.`, column)
  }
  if (state.startsWith('22') || state === '23502' || state === '23514')
    return new HttpError(400, 'invalid_input', 'A value is out of range or not valid for its field.')
  return null
}

export interface LoggedError {
  type: string
  message: string
  stack: string
  [key: string]: unknown
}

export function serializeErrorForLog(error: unknown): LoggedError {
  if (!error || typeof error !== 'object') return { type: typeof error, message: String(error), stack: '' }
  const top = error as Error & PgLikeError
  const cause = databaseCause(error)
  if (!cause) {
    return {
      type: top.name ?? 'Error',
      message: String(top.message),
      ...(typeof top.code === 'string' ? { code: top.code } : {}),
      stack: top.stack ?? '',
      ...(top.cause instanceof Error ? { cause: serializeErrorForLog(top.cause) } : {}),
    }
  }
  const state = sqlStateOf(cause)
  const query = queryName(sqlOf(error))
  // Class 22 messages quote the offending value ("invalid input syntax for type integer: \"…\"").
  const reason =
    state?.startsWith('22') || typeof cause.message !== 'string'
      ? (state ?? 'failed')
      : `${state ?? ''} ${cause.message}`
  const message = `Query ${query ?? '(unnamed)'} failed: ${reason.trim()}`
  const frames = (top.stack ?? '').split('\n').filter((line) => line.startsWith('    at '))
  return {
    type: 'DatabaseError',
    message,
    ...(state ? { sqlState: state } : {}),
    ...(typeof cause.code === 'string' && !state ? { code: cause.code } : {}),
    ...(query ? { query } : {}),
    ...(typeof cause.constraint === 'string' ? { constraint: cause.constraint } : {}),
    stack: [`DatabaseError: ${message}`, ...frames].join('\n'),
  }
}

/** The one-line message of an error that may be stored or shown (a job's last_error): no query parameters. */
export function safeErrorMessage(error: unknown): string {
  return databaseCause(error) ? String(serializeErrorForLog(error).message) : (error as Error)?.message || String(error)
}
