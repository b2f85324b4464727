import { desc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import type { AnalyticsReport, FacilityOverviewRow } from '@storageops/contracts/dashboard'
import { isTaskPastDue } from '@storageops/contracts/brand-report-rules'
import type { TaskList } from '@storageops/contracts/tasks'
import { brandsReports, facilityFieldStaff, snapshotLocations } from '../../db/schema.ts'
import { useTestContext } from '../../test/context.ts'

const ctx = useTestContext()
let token: string
let rows: FacilityOverviewRow[]
let hiddenCode: string

beforeAll(async () => {
  token = await ctx.signInField('rmanager')
  const [hidden] = await ctx.db
    .select({ code: snapshotLocations.location_code })
    .from(snapshotLocations)
    .orderBy(desc(snapshotLocations.location_code))
    .limit(1)
  hiddenCode = hidden!.code
  await ctx.db
    .update(snapshotLocations)
    .set({ hide_in_snapshot: true })
    .where(eq(snapshotLocations.location_code, hiddenCode))
  const response = await ctx.request({ method: 'GET', url: '/api/facilities/overview', token })
  expect(response.statusCode).toBe(200)
  rows = response.json()
})

/** Every open task of a facility through the task service's own list (GET /api/tasks), both categories, all pages. */
async function openTasksOf(siteCode: string) {
  const all: TaskList['entries'] = []
  for (const type of ['property', 'unit']) {
    for (let page = 1; ; page++) {
      const list = (
        await ctx.request({
          method: 'GET',
          url: `/api/tasks?closed=false&location_code=${siteCode}&type=${type}&page=${page}&page_size=100`,
          token,
        })
      ).json<TaskList>()
      all.push(...list.entries)
      if (all.filter((task) => task.task_type.category === type).length >= list.total_entries) break
    }
  }
  return all
}

describe('GET /api/facilities/overview', () => {
  test("one row per facility not hidden from the field tool, with the spec's fields", async () => {
    const facilities = await ctx.db.select({ code: snapshotLocations.location_code }).from(snapshotLocations)
    expect(rows).toHaveLength(facilities.length - 1)
    expect(rows.map((row) => row.site_code)).not.toContain(hiddenCode)
    const [staff] = await ctx.db
      .select()
      .from(facilityFieldStaff)
      .where(eq(facilityFieldStaff.location_code, rows[0]!.site_code))
    expect(rows[0]).toEqual({
      facility_name: expect.any(String),
      facility_store_number: staff!.facility_store_number,
      site_code: expect.any(String),
      primary_field_staff: { full_name: staff!.primary_field_staff },
      last_full_walkthrough_at: expect.any(String),
      last_full_walkthrough: null,
      last_brand_standards_at: expect.any(String),
      last_brands_report: { id: expect.any(Number) },
      tasks_past_due_count: expect.any(Number),
      open_tasks_count: expect.any(Number),
      hide_in_snapshot: false,
    })
  })

  test('open and past-due counts agree with the task service: its open lists, and past due = open and 10+ days old', async () => {
    const now = new Date()
    let pastDueSeen = 0
    for (const row of rows.slice(0, 6)) {
      const open = await openTasksOf(row.site_code)
      expect(row.open_tasks_count, row.site_code).toBe(open.length)
      const pastDue = open.filter((task) => isTaskPastDue(task, now)).length
      expect(row.tasks_past_due_count, row.site_code).toBe(pastDue)
      pastDueSeen += pastDue
    }
    // The demo holds tasks older than 10 days, so the comparison is not vacuous.
    expect(pastDueSeen).toBeGreaterThan(0)
  })

  test('last brand standards is the latest report; last full walkthrough, without any walkthrough, the latest completed one', async () => {
    for (const row of rows.slice(0, 5)) {
      const reports = await ctx.db
        .select()
        .from(brandsReports)
        .where(eq(brandsReports.location_code, row.site_code))
        .orderBy(desc(brandsReports.report_submit_at))
      expect(row.last_brands_report).toEqual({ id: reports[0]!.id })
      expect(row.last_brand_standards_at).toBe(reports[0]!.report_submit_at.toISOString())
      expect(row.last_full_walkthrough_at).toBe(
        reports.find((report) => report.completed)?.report_submit_at.toISOString() ?? null,
      )
    }
  })

  test('a facility without reports or staff shows nulls', async () => {
    const row = rows[1]!
    await ctx.db.delete(brandsReports).where(eq(brandsReports.location_code, row.site_code))
    await ctx.db.delete(facilityFieldStaff).where(eq(facilityFieldStaff.location_code, row.site_code))
    const fresh = (await ctx.request({ method: 'GET', url: '/api/facilities/overview', token }))
      .json<FacilityOverviewRow[]>()
      .find((entry) => entry.site_code === row.site_code)
    expect(fresh).toMatchObject({
      primary_field_staff: null,
      facility_store_number: null,
      last_brands_report: null,
      last_brand_standards_at: null,
      last_full_walkthrough_at: null,
      last_full_walkthrough: null,
    })
  })

  test('admin callers without the /snapshot page are refused', async () => {
    const admin = await ctx.signInAdmin('editor@example.com')
    expect(
      (await ctx.request({ method: 'GET', url: '/api/facilities/overview', token: admin, host: 'admin.localhost' }))
        .statusCode,
    ).toBe(403)
  })
})

describe('analytics', () => {
  test('without ANALYTICS_EMBED_ENDPOINT the frame gets the built-in report', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/dashboard/analytics_embed', token })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ EmbedUrl: '/snapshot/dashboard/analytics' })
  })

  test("the built-in report's figures agree with the facility table and cover twelve months of brand standards", async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/dashboard/analytics_report', token })
    expect(response.statusCode).toBe(200)
    const report = response.json<AnalyticsReport>()
    const overview = (await ctx.request({ method: 'GET', url: '/api/facilities/overview', token })).json<
      FacilityOverviewRow[]
    >()
    expect(report.totals.open_tasks).toBe(overview.reduce((sum, row) => sum + row.open_tasks_count, 0))
    expect(report.totals.past_due).toBe(overview.reduce((sum, row) => sum + row.tasks_past_due_count, 0))
    expect(report.past_due_by_priority.reduce((sum, entry) => sum + entry.count, 0)).toBe(report.totals.past_due)
    for (const entry of report.open_tasks_by_facility) {
      const row = overview.find((candidate) => candidate.site_code === entry.site_code)!
      expect(entry.age_0_6 + entry.age_7_9 + entry.age_10_plus).toBe(row.open_tasks_count)
      expect(entry.age_10_plus).toBe(row.tasks_past_due_count)
    }
    expect(report.brand_standards_by_month).toHaveLength(12)
    expect(report.brand_standards_by_month.reduce((sum, month) => sum + month.reports, 0)).toBeGreaterThan(0)
    expect(report.open_tasks_by_facility.map((entry) => entry.site_code)).not.toContain(hiddenCode)
  })
})
