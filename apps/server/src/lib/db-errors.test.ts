import { DrizzleQueryError } from 'drizzle-orm'
import { expect, test } from 'vitest'
import {
  httpErrorForDatabase,
  isDatabaseUnavailable,
  isUniqueViolation,
  queryName,
  serializeErrorForLog,
} from './db-errors.ts'

const pgError = (code: string, fields: Record<string, string> = {}) =>
  Object.assign(new Error(fields.message ?? 'failed'), { code, severity: 'ERROR', ...fields })
const failedQuery = (cause: Error, sql = 'insert into "users" ("email", "password_hash") values ($1, $2)') =>
  new DrizzleQueryError(sql, ['someone@example.com', '$argon2id$v=19$secret'], cause)

test('a failed query maps to the status its SQL state stands for', () => {
  const unique = httpErrorForDatabase(
    failedQuery(pgError('23505', { detail: 'Key (email)=(someone@example.com) already exists.' })),
  )
  expect([unique?.statusCode, unique?.field, unique?.message]).toEqual([409, 'email', 'This email is already taken.'])
  expect(
    httpErrorForDatabase(
      failedQuery(pgError('23503', { detail: 'Key (id)=(3) is still referenced from table "users".' })),
    )?.statusCode,
  ).toBe(409)
  expect(
    httpErrorForDatabase(
      failedQuery(pgError('23503', { detail: 'Key (role_id)=(9) is not present in table "roles".' })),
    ),
  ).toMatchObject({ statusCode: 422, field: 'role_id' })
  expect(httpErrorForDatabase(failedQuery(pgError('22021')))?.statusCode).toBe(400)
  expect(httpErrorForDatabase(failedQuery(pgError('22003')))?.statusCode).toBe(400)
  for (const unavailable of [pgError('57P01'), pgError('08006'), pgError('53300'), pgError('57014')])
    expect(httpErrorForDatabase(failedQuery(unavailable))).toMatchObject({
      statusCode: 503,
      extra: { retry_after_seconds: 5 },
    })
  expect(httpErrorForDatabase(failedQuery(pgError('XX000')))).toBeNull()
  expect(httpErrorForDatabase(new Error('something else'))).toBeNull()
})

test('refused and timed-out connections count as an unavailable database, other network errors do not', () => {
  expect(
    isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })),
  ).toBe(true)
  expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true)
  expect(isDatabaseUnavailable(failedQuery(new Error('Connection terminated unexpectedly')))).toBe(true)
  expect(isDatabaseUnavailable(failedQuery(new Error('Query read timeout')))).toBe(true)
  // A failed fetch to another service carries the socket error only as its cause.
  expect(isDatabaseUnavailable(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }))).toBe(false)
})

test('a failed query is logged with its SQL state and name, never its parameters or the key values', () => {
  const error = failedQuery(
    pgError('23505', {
      detail: 'Key (email)=(someone@example.com) already exists.',
      constraint: 'users_email_unique',
      message: 'duplicate key value violates unique constraint "users_email_unique"',
    }),
  )
  const logged = serializeErrorForLog(error)
  expect(logged).toMatchObject({
    type: 'DatabaseError',
    sqlState: '23505',
    query: 'insert users',
    constraint: 'users_email_unique',
  })
  expect(JSON.stringify(logged)).not.toMatch(/argon2|someone@example\.com|params/)
  const pgliteError = Object.assign(pgError('22021', { message: 'invalid byte sequence for encoding "UTF8": 0x00' }), {
    query: 'select "id" from "settings" where "name" = $1',
    params: ['secret\u0000'],
  })
  expect(JSON.stringify(serializeErrorForLog(pgliteError))).not.toContain('secret')
  expect(queryName('select "sessions"."id" from "sessions" left join "users" on …')).toBe('select sessions')
  expect(queryName('update "gate_codes" set "current_code" = $1')).toBe('update gate_codes')
})

test('isUniqueViolation finds SQL state 23505 on the error or up to four causes below it, and nothing else', () => {
  const wrapped = (error: unknown, levels: number): unknown =>
    levels === 0 ? error : wrapped(new Error('wrapped', { cause: error }), levels - 1)
  expect(isUniqueViolation(pgError('23505'))).toBe(true)
  expect(isUniqueViolation(failedQuery(pgError('23505')))).toBe(true)
  expect(isUniqueViolation(wrapped(pgError('23505'), 4))).toBe(true)
  expect(isUniqueViolation(wrapped(pgError('23505'), 5))).toBe(false)
  expect(isUniqueViolation(failedQuery(pgError('23503')))).toBe(false)
  expect(isUniqueViolation(new Error('connection lost'))).toBe(false)
  expect(isUniqueViolation(undefined)).toBe(false)
  // A cyclic cause chain ends.
  const cyclic: { code: string; cause?: unknown } = { code: '57014' }
  cyclic.cause = cyclic
  expect(isUniqueViolation(cyclic)).toBe(false)
})
