import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '../test/context.ts'
import { pgBossAdapter } from './queue.ts'

let ctx: TestContext
let closed = false
beforeAll(async () => {
  ctx = await createTestContext()
}, 120_000)
afterAll(async () => {
  if (!closed) await ctx.close()
})

test("a pg-boss statement after the queue stopped and the database closed answers no rows instead of rejecting (pg-boss does not await a worker's complete or fail)", async () => {
  let stopped = false
  const adapter = pgBossAdapter(ctx.db, () => stopped)
  expect((await adapter.executeSql('select 1 as one')).rows).toEqual([{ one: 1 }])
  await ctx.close()
  closed = true
  await expect(adapter.executeSql('select $1::int as one', [1])).rejects.toThrow()
  stopped = true
  expect(await adapter.executeSql('select $1::int as one', [1])).toEqual({ rows: [] })
  expect(await adapter.executeSql('select 1; select 2')).toEqual({ rows: [] })
})
