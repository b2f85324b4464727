import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { AnalyticsReport, FacilityOverview } from '@storageops/contracts/dashboard'
import { TaskList, TaskOverview } from '@storageops/contracts/tasks'
import { BrandsReport, FacilityBrandsReports } from '@storageops/contracts/brand-reports'
import { FacilityDetails } from '@storageops/contracts/facilities'
import {
  brandStandardAttachments,
  brandStandardReports,
  brandStandards,
  brandsReports,
  locations,
  snapshotLocations,
  taskImages,
  taskTypes,
  tasks,
} from '../db/schema.ts'
import { getAnalyticsReport, getFacilitiesOverview } from '../features/dashboard/dashboard.service.ts'
import { getFacilityDetails } from '../features/facilities/facilities.service.ts'
import { getBrandsReport, listFacilityBrandsReports } from '../features/brand-reports/brand-reports.service.ts'
import { getTasksOverview, listTasks } from '../features/tasks/task-queries.service.ts'
import { createTestContext, type TestContext } from '../test/context.ts'
import { queriesDuring } from '../test/query-count.ts'

// The overviews are sent from memory (issue 17): they must stay exactly what the live aggregate gives.
let ctx: TestContext
let token: string
beforeAll(async () => {
  ctx = await createTestContext()
  token = await ctx.signInField('rmanager')
}, 120_000)
afterAll(() => ctx.close())

const DAY = 86_400_000
const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.request({ method: 'GET', url, token, headers: { 'accept-encoding': 'br', ...headers } })
const body = async (url: string) => {
  const response = await get(url, { 'accept-encoding': 'identity' })
  expect(response.statusCode).toBe(200)
  return response.json<unknown>()
}
const withoutStamp = ({ generated_at: _generated, ...report }: AnalyticsReport) => report

/** Each endpoint's answer against the service's live aggregate, and against its contract. */
async function expectExact() {
  const [tasksOverview, facilities, analytics] = [
    await body('/api/tasks/overview'),
    await body('/api/facilities/overview'),
    await body('/api/dashboard/analytics_report'),
  ]
  expect(TaskOverview.parse(tasksOverview)).toEqual(await getTasksOverview(ctx.db))
  expect(FacilityOverview.parse(facilities)).toEqual(await getFacilitiesOverview(ctx.db))
  expect(withoutStamp(AnalyticsReport.parse(analytics))).toEqual(withoutStamp(await getAnalyticsReport(ctx.db)))
}

// A small deterministic generator, so a failure can be replayed.
let seed = 17
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31
  return seed / 2 ** 31
}
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!

describe('overviews sent from memory', () => {
  test('stay equal to the live aggregate through random writes, through the API and straight in SQL', async () => {
    await expectExact()
    const sites = (await ctx.db.selectDistinct({ code: tasks.location_code }).from(tasks)).map((row) => row.code)
    const types = await ctx.db.select().from(taskTypes).where(eq(taskTypes.category, 'property'))
    for (let step = 0; step < 12; step++) {
      const site = pick(sites)
      const open = await ctx.db
        .select({ id: tasks.id })
        .from(tasks)
        .where(and(eq(tasks.location_code, site), eq(tasks.status, 'open')))
      const kind = step % 6
      if (kind === 0) {
        // A new property task through the API (may be refused as a duplicate: nothing changes then).
        await ctx.request({
          method: 'POST',
          url: '/api/tasks',
          token,
          payload: { task_type_id: pick(types).id, site_code: site, prior: 'high', description: `Random ${step}` },
        })
      } else if (kind === 1 && open.length > 0) {
        await ctx.request({
          method: 'POST',
          url: '/api/task_activities',
          token,
          payload: { task_id: pick(open).id, status: 'closed', note: 'Done' },
        })
      } else if (kind === 2 && open.length > 0) {
        await ctx.request({
          method: 'POST',
          url: '/api/task_activities',
          token,
          payload: { task_id: pick(open).id, role: pick(['property_manager', 'regional_manager'] as const) },
        })
      } else if (kind === 3 && open.length > 0) {
        // An old task in SQL: it becomes past due and the oldest of its facility.
        await ctx.db
          .update(tasks)
          .set({ created_at: new Date(Date.now() - (11 + step) * DAY) })
          .where(eq(tasks.id, pick(open).id))
      } else if (kind === 4) {
        const reports = await ctx.db
          .select({ id: brandsReports.id })
          .from(brandsReports)
          .where(eq(brandsReports.location_code, site))
        if (reports.length > 0) await ctx.db.delete(brandsReports).where(inArray(brandsReports.id, [pick(reports).id]))
      } else if (kind === 5) {
        await ctx.db
          .update(snapshotLocations)
          .set({ hide_in_snapshot: step % 4 === 1 })
          .where(eq(snapshotLocations.location_code, site))
      }
      await expectExact()
    }
  })

  test('an unchanged answer is 304 for its ETag; a write gives a new one', async () => {
    const first = await get('/api/facilities/overview')
    expect(first.headers['content-encoding']).toBe('br')
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^".+"$/)
    expect((await get('/api/facilities/overview', { 'if-none-match': etag })).statusCode).toBe(304)
    // Close an open task of a facility the table shows: its open count changes.
    const shown = (await body('/api/facilities/overview')) as Array<{ site_code: string; open_tasks_count: number }>
    const site = shown.find((row) => row.open_tasks_count > 0)!.site_code
    const [task] = await ctx.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.location_code, site), eq(tasks.status, 'open')))
      .limit(1)
    await ctx.db.update(tasks).set({ status: 'closed', closed_at: new Date() }).where(eq(tasks.id, task!.id))
    const after = await get('/api/facilities/overview', { 'if-none-match': etag })
    expect(after.statusCode).toBe(200)
    expect(after.headers.etag).not.toBe(etag)
  })

  test('a task turning past due by the clock alone shows without any write', async () => {
    const [task] = await ctx.db
      .select({ id: tasks.id, site: tasks.location_code })
      .from(tasks)
      .where(eq(tasks.status, 'open'))
      .limit(1)
    await ctx.db.delete(tasks).where(and(eq(tasks.location_code, task!.site), eq(tasks.status, 'open')))
    await ctx.request({
      method: 'POST',
      url: '/api/tasks',
      token,
      payload: {
        task_type_id: (await ctx.db.select().from(taskTypes).limit(1))[0]!.id,
        site_code: task!.site,
        prior: 'low',
        description: 'Soon past due',
      },
    })
    // Ten days old in 1.5 s.
    await ctx.db
      .update(tasks)
      .set({ created_at: new Date(Date.now() - 10 * DAY + 1500) })
      .where(and(eq(tasks.location_code, task!.site), eq(tasks.status, 'open')))
    const pastDue = async () =>
      ((await body('/api/facilities/overview')) as Array<{ site_code: string; tasks_past_due_count: number }>).find(
        (row) => row.site_code === task!.site,
      )?.tasks_past_due_count
    expect(await pastDue()).toBe(0)
    await expect.poll(pastDue, { timeout: 10_000, interval: 250 }).toBe(1)
  })
})

describe('facility details sent from memory', () => {
  const CODE = 'TX100'
  const url = `/api/snapshot_locations?location_code=${CODE}`
  /** The bytes the route sends against the live read serialised as before (contract-checked JSON), never stored. */
  const expectLive = async () => {
    const response = await get(url, { 'accept-encoding': 'identity' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const live = await getFacilityDetails(ctx.db, CODE, ctx.env.PUBLIC_SITE_URL)
    expect(response.body).toBe(JSON.stringify(FacilityDetails.parse(live)))
    return response.json<FacilityDetails>()
  }

  test('a gate code, an alert or a name changed through the API or in SQL shows on the next read', async () => {
    expect((await expectLive()).emergency_code).not.toBe('4455#')
    await ctx.db
      .update(snapshotLocations)
      .set({ emergency_code: '4455#' })
      .where(eq(snapshotLocations.location_code, CODE))
    expect((await expectLive()).emergency_code).toBe('4455#')
    await ctx.db.update(locations).set({ name: 'Austin North Renamed' }).where(eq(locations.location_code, CODE))
    expect((await expectLive()).name).toBe('Austin North Renamed')
    const saved = await ctx.request({
      method: 'POST',
      url: '/api/snapshot_locations',
      host: 'admin.localhost',
      token: await ctx.signInAdmin(),
      payload: { location_code: CODE, facility_alerts: 'Cached no more' },
    })
    expect(saved.statusCode).toBe(200)
    expect((await expectLive()).facility_alerts).toBe('Cached no more')
  })

  test('an unknown code is still 404 naming location_code, never kept', async () => {
    const response = await get('/api/snapshot_locations?location_code=ZZ999', { 'accept-encoding': 'identity' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ field: 'location_code' })
  })
})

describe('task pages and report archives sent from memory', () => {
  /** The bytes the route sends equal the live read serialised through its contract, as the serialiser did. */
  const expectSame = async (url: string, live: unknown) => {
    const response = await get(url, { 'accept-encoding': 'identity' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body).toBe(JSON.stringify(live))
    return response
  }

  test('a task page shows a photo added or removed in SQL, a new task and a renamed task type on the next read', async () => {
    const code = (await ctx.db.selectDistinct({ code: tasks.location_code }).from(tasks).limit(1))[0]!.code
    const url = `/api/tasks?page=1&page_size=10&closed=false&location_code=${code}`
    const filter = { page: 1, page_size: 10, closed: false, location_code: code }
    const live = async () => TaskList.parse(await listTasks(ctx.db, filter))
    const first = await live()
    await expectSame(url, first)
    const taskId = first.entries[0]!.id
    const [photo] = await ctx.db
      .insert(taskImages)
      .values({ task_id: taskId, file_name: 'cache-check.jpg', content_type: 'image/jpeg', byte_size: 10 })
      .returning()
    const withPhoto = await live()
    expect(withPhoto.entries[0]!.images.some((image) => image.endsWith('cache-check.jpg'))).toBe(true)
    await expectSame(url, withPhoto)
    await ctx.db.delete(taskImages).where(eq(taskImages.id, photo!.id))
    await expectSame(url, await live())
    const created = await ctx.request({
      method: 'POST',
      url: '/api/tasks',
      token,
      payload: {
        task_type_id: (await ctx.db.select().from(taskTypes).where(eq(taskTypes.category, 'property')).limit(1))[0]!.id,
        site_code: code,
        prior: 'low',
        description: 'Cache check task',
      },
    })
    expect([200, 201, 409]).toContain(created.statusCode)
    await expectSame(url, await live())
    await ctx.db
      .update(taskTypes)
      .set({ title: 'Renamed for the cache' })
      .where(eq(taskTypes.id, first.entries[0]!.task_type.id))
    const renamed = await live()
    expect(renamed.entries.some((entry) => entry.task_type.title === 'Renamed for the cache')).toBe(true)
    await expectSame(url, renamed)
  })

  test("a facility's report archive shows a photo removed or added in SQL on the next read", async () => {
    const [report] = await ctx.db
      .select({ id: brandsReports.id, code: brandsReports.location_code, standard: brandStandardReports.id })
      .from(brandsReports)
      .innerJoin(brandStandardReports, eq(brandStandardReports.brands_report_id, brandsReports.id))
      .limit(1)
    const [location] = await ctx.db.select().from(locations).where(eq(locations.location_code, report!.code))
    const url = `/api/brands_reports/facility_brands_reports/${location!.id}`
    const live = async () => FacilityBrandsReports.parse(await listFacilityBrandsReports(ctx.db, location!.id))
    const photos = async () => (await live()).entries.find((entry) => entry.id === report!.id)!.photos_count
    await expectSame(url, await live())
    const before = await photos()
    await ctx.db.insert(brandStandardAttachments).values({
      brand_standard_report_id: report!.standard,
      file_name: 'cache-check.jpg',
      content_type: 'image/jpeg',
      byte_size: 10,
    })
    expect(await photos()).toBe(before + 1)
    await expectSame(url, await live())
    await ctx.db.delete(brandStandardAttachments).where(eq(brandStandardAttachments.file_name, 'cache-check.jpg'))
    expect(await photos()).toBe(before)
    await expectSame(url, await live())
  })

  test('one report shows a photo added in SQL, a renamed brand standard, its notes and its facility on the next read', async () => {
    const [report] = await ctx.db
      .select({ id: brandsReports.id, code: brandsReports.location_code, standard: brandStandardReports.id })
      .from(brandsReports)
      .innerJoin(brandStandardReports, eq(brandStandardReports.brands_report_id, brandsReports.id))
      .limit(1)
    const url = `/api/brands_reports/${report!.id}`
    const live = async () => BrandsReport.parse(await getBrandsReport(ctx.db, ctx.files, report!.id))
    await expectSame(url, await live())
    // Sent from memory: a repeated read asks the database nothing.
    await ctx.app.readVersions.caughtUp()
    const headers = { host: 'snapshot.localhost', authorization: `Bearer ${token}` }
    expect(await queriesDuring(ctx.db, () => ctx.app.inject({ method: 'GET', url, headers }))).toBe(0)
    await ctx.db.insert(brandStandardAttachments).values({
      brand_standard_report_id: report!.standard,
      file_name: 'report-cache-check.jpg',
      content_type: 'image/jpeg',
      byte_size: 10,
    })
    expect(JSON.stringify(await live())).toContain('/img/report-cache-check.jpg')
    await expectSame(url, await live())
    const [standard] = await ctx.db
      .select({ id: brandStandards.id, name: brandStandards.name })
      .from(brandStandards)
      .innerJoin(brandStandardReports, eq(brandStandardReports.brand_standard_id, brandStandards.id))
      .where(eq(brandStandardReports.id, report!.standard))
    await ctx.db
      .update(brandStandards)
      .set({ name: 'Renamed for the cache' })
      .where(eq(brandStandards.id, standard!.id))
    expect(JSON.stringify(await live())).toContain('Renamed for the cache')
    await expectSame(url, await live())
    await ctx.db.update(brandStandards).set({ name: standard!.name }).where(eq(brandStandards.id, standard!.id))
    await ctx.db.update(brandsReports).set({ notes: 'Notes changed in SQL' }).where(eq(brandsReports.id, report!.id))
    await ctx.db.update(locations).set({ name: 'Renamed facility' }).where(eq(locations.location_code, report!.code))
    expect(await live()).toMatchObject({ notes: 'Notes changed in SQL', location: { name: 'Renamed facility' } })
    await expectSame(url, await live())
    await ctx.db
      .delete(brandStandardAttachments)
      .where(eq(brandStandardAttachments.file_name, 'report-cache-check.jpg'))
    await expectSame(url, await live())
  })

  test('an unknown report is still 404 naming id, never kept', async () => {
    const response = await get('/api/brands_reports/2000000000', { 'accept-encoding': 'identity' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ field: 'id', message: 'Brands report 2000000000 does not exist.' })
  })
})
