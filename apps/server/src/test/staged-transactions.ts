import type { Db, Tx } from '../db/client.ts'

export type TransactionBody = (tx: Tx) => Promise<unknown>

/**
 * The database with every `transaction` call run by `replace`, which gets the real transaction and the
 * service's body: a test stages what a race leaves behind (a body held at a barrier, a write that meets a
 * unique index, a row another request committed meanwhile) on PGlite and PostgreSQL alike.
 */
export const replacingTransactions = (
  db: Db,
  replace: (run: (body: TransactionBody) => Promise<unknown>, body: TransactionBody) => Promise<unknown>,
): Db =>
  new Proxy(db, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown
      if (key !== 'transaction') return value
      return (body: TransactionBody) => replace((inner) => target.transaction(inner), body)
    },
  })

/** What PostgreSQL throws when a write meets a unique index (SQL state 23505). */
export const uniqueViolation = () =>
  Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' })
