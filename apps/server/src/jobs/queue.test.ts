import PgBoss from 'pg-boss'
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

test("pg-boss's complete and fail after the queue stopped and the database closed affect no job instead of rejecting (pg-boss does not await them)", async () => {
  let stopped = false
  const boss = new PgBoss({ db: pgBossAdapter(ctx.db, () => stopped), schema: 'pgboss', supervise: false })
  await boss.start()
  await boss.createQueue('after-stop')
  const id = (await boss.send('after-stop', {}))!
  await boss.stop({ graceful: false, wait: true })
  await ctx.close()
  closed = true
  await expect(boss.fail('after-stop', id)).rejects.toThrow()
  stopped = true
  expect(await boss.fail('after-stop', id)).toEqual({ jobs: [id], requested: 1, affected: 0 })
  expect(await boss.complete('after-stop', id)).toEqual({ jobs: [id], requested: 1, affected: 0 })
  expect(await boss.fetch('after-stop')).toEqual([])
})
