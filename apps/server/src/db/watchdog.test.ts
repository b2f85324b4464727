import { sql } from 'drizzle-orm'
import { describe, expect, inject, test } from 'vitest'
import { openDatabase } from './client.ts'

const busyFor = (ms: number) => {
  const until = performance.now() + ms
  while (performance.now() < until);
}

/**
 * The pool's stuck-query watchdog (db/client.ts) on a real PostgreSQL that answers: long synchronous work in this
 * process (an ECRI run's rules, issue 32) delays reading the probe's answers, which must not look like a frozen
 * server and cut the pool's connections (a query in flight then failing with 503).
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('the pool watchdog', () => {
  test('a busy event loop does not cut the connections of a server that answers', async () => {
    const database = await openDatabase({ url: inject('pgUrl') })
    try {
      // The transaction holds the connection the migrations opened; the queries below open ones the watchdog knows.
      const rounds = await database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`)
        const answers: unknown[] = []
        for (let round = 0; round < 4; round++) {
          const answer = database.db.execute(sql`select ${round}::int as round`)
          busyFor(1200)
          answers.push(((await answer) as { rows: unknown[] }).rows[0])
        }
        return answers
      })
      expect(rounds).toEqual([{ round: 0 }, { round: 1 }, { round: 2 }, { round: 3 }])
    } finally {
      await database.close()
    }
  })
})
