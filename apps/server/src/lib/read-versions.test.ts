import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { TaskList } from '@storageops/contracts/tasks'
import { buildApp } from '../app.ts'
import { openDatabase, type Database } from '../db/client.ts'
import { locations, snapshotLocations, taskTypes, tasks } from '../db/schema.ts'
import { listTasks } from '../features/tasks/task-queries.service.ts'
import { createTestContext, type TestContext } from '../test/context.ts'
import { queriesDuring } from '../test/query-count.ts'

// The read cache's counters live in memory, moved by the triggers' NOTIFY (issue 17, decision 010): a write is seen by
// the next read of the instance that made it and, through NOTIFY, of every other instance on the same database.
let ctx: TestContext
let other: { app: FastifyInstance; database?: Database }
let token: string
let site: string
let propertyType: number
beforeAll(async () => {
  ctx = await createTestContext()
  // A second instance on the same database: its own pool on PostgreSQL, the same embedded database on PGlite.
  const database = ctx.databaseUrl ? await openDatabase({ url: ctx.databaseUrl }) : undefined
  const app = await buildApp({
    env: ctx.env,
    db: database?.db ?? ctx.db,
    ssm: ctx.app.ssm,
    files: ctx.files,
    webDist: `${ctx.filesDir}/no-web`,
  })
  await app.ready()
  other = { app, database }
  token = await ctx.signInField('rmanager')
  site = (await ctx.db.selectDistinct({ code: tasks.location_code }).from(tasks).limit(1))[0]!.code
  propertyType = (await ctx.db.select().from(taskTypes).where(eq(taskTypes.category, 'property')).limit(1))[0]!.id
}, 120_000)
afterAll(async () => {
  await other?.app.close()
  await other?.database?.close()
  await ctx.close()
})

const filter = () => ({ page: 1, page_size: 10, closed: false, location_code: site, type: 'property' as const })
const pageUrl = () => `/api/tasks?page=1&page_size=10&closed=false&location_code=${site}&type=property`
/** A read straight through `app`, without waiting for anything first. */
const read = (app: FastifyInstance, url: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: { host: 'snapshot.localhost', authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
  })
const expectLive = async (app: FastifyInstance) => {
  const response = await read(app, pageUrl())
  expect(response.statusCode).toBe(200)
  expect(response.body).toBe(JSON.stringify(TaskList.parse(await listTasks(ctx.db, filter()))))
  return response.json<TaskList>()
}
/** Closes the open task of `propertyType` at the site, or makes one when there is none. */
const writeThroughA = async (step: number) => {
  const [open] = await ctx.db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.location_code, site), eq(tasks.status, 'open'), eq(tasks.task_type_id, propertyType)))
  const response = open
    ? await ctx.request({
        method: 'POST',
        url: '/api/task_activities',
        token,
        payload: { task_id: open.id, status: 'closed', note: `Closed through A ${step}` },
      })
    : await ctx.request({
        method: 'POST',
        url: '/api/tasks',
        token,
        payload: { task_type_id: propertyType, site_code: site, prior: 'low', description: `Two instances ${step}` },
      })
  expect(response.statusCode).toBeLessThan(300)
}
describe('two instances on one database', () => {
  test('both keep the counters in memory: a repeated read asks the database nothing', async () => {
    for (const app of [ctx.app, other.app]) {
      await expect.poll(() => app.readVersions.inMemory()).toBe(true)
      await expectLive(app)
      expect(await queriesDuring(app.db, () => read(app, pageUrl()))).toBe(0)
    }
  })

  test('a write through A is seen by the next read through A and through B', async () => {
    for (let step = 0; step < 6; step++) {
      await expectLive(other.app)
      await expectLive(ctx.app)
      await writeThroughA(step)
      const seenByA = await expectLive(ctx.app)
      const seenByB = await expectLive(other.app)
      expect(seenByB).toEqual(seenByA)
    }
  })

  test('a write straight in SQL reaches both through NOTIFY', async () => {
    const before = (await expectLive(other.app)).entries[0]!
    await ctx.db.update(tasks).set({ description: 'Changed in SQL' }).where(eq(tasks.id, before.id))
    for (const app of [ctx.app, other.app])
      await expect
        .poll(async () => (await read(app, pageUrl())).json<TaskList>().entries[0]!.description)
        .toBe('Changed in SQL')
    await expectLive(other.app)
  })
  test("the facility list's own counter: a location renamed in SQL reaches both with a new ETag", async () => {
    const names = async (app: FastifyInstance) => (await read(app, '/api/locations')).json<Array<{ name: string }>>()
    const etags = async () =>
      Promise.all([ctx.app, other.app].map(async (app) => (await read(app, '/api/locations')).headers.etag))
    const [before] = await etags()
    expect(await etags()).toEqual([before, before])
    await ctx.db.update(locations).set({ name: 'Renamed for both instances' }).where(eq(locations.location_code, site))
    for (const app of [ctx.app, other.app])
      await expect
        .poll(async () => (await names(app)).some((row) => row.name === 'Renamed for both instances'))
        .toBe(true)
    const [after, afterB] = await etags()
    expect(after).not.toBe(before)
    expect(afterB).toBe(after)
  })
})

describe.runIf(process.env.TEST_DB === 'postgres')('a lost listening connection', () => {
  test('drops the cache and reads the counters from the database until it listens again', async () => {
    const url = `/api/snapshot_locations?location_code=${site}`
    const detail = async (app: FastifyInstance) => (await read(app, url)).json<{ facility_alerts: string | null }>()
    await detail(other.app)
    let lost = 0
    other.app.readVersions.onLost(() => lost++)
    // PostgreSQL ends every listening connection of the read counters (a restart or a failover does the same).
    await ctx.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN storageops_read_versions'`,
    )
    await expect.poll(() => lost).toBeGreaterThan(0)
    expect(other.app.readVersions.inMemory()).toBe(false)
    // Nobody hears this write's NOTIFY: the next read sees it all the same, from the database's counter.
    await ctx.db
      .update(snapshotLocations)
      .set({ facility_alerts: 'While not listening' })
      .where(eq(snapshotLocations.location_code, site))
    expect((await detail(other.app)).facility_alerts).toBe('While not listening')
    expect(await queriesDuring(other.app.db, () => detail(other.app))).toBeGreaterThan(0)
    // Listening again (after a second): from memory once more, and writes arrive through NOTIFY again.
    await expect.poll(() => other.app.readVersions.inMemory(), { timeout: 10_000 }).toBe(true)
    await detail(other.app)
    expect(await queriesDuring(other.app.db, () => detail(other.app))).toBe(0)
    await ctx.db
      .update(snapshotLocations)
      .set({ facility_alerts: 'Listening again' })
      .where(eq(snapshotLocations.location_code, site))
    await expect.poll(async () => (await detail(other.app)).facility_alerts).toBe('Listening again')
  })
})
