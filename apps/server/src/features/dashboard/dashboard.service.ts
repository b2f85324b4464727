import { sql } from 'drizzle-orm'
import type { AnalyticsReport, FacilityOverviewRow } from '@storageops/contracts/dashboard'
import {
  compareFacilityNames,
  facilityNameNumber,
  OVERVIEW_WARNING_DAYS,
  TASK_CARD_WARNING_DAYS,
} from '@storageops/contracts/task-rules'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../lib/sql-rows.ts'

const DAY_MS = 86_400_000

function pastDueCutoff(now: Date): Date {
  return new Date(now.getTime() - TASK_CARD_WARNING_DAYS * DAY_MS)
}

type OverviewSqlRow = {
  facility_name: string
  facility_store_number: string | null
  site_code: string
  primary_field_staff: string | null
  last_report_id: number | null
  last_brand_standards_at: Date | string | null
  last_full_walkthrough_at: Date | string | null
  last_walkthrough_id: number | null
  open_tasks_count: number
  tasks_past_due_count: number
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

/** Field-tool facilities by name's trailing number (spec §3); Last Full WalkThrough as decision 024 reads it. */
export async function getFacilitiesOverview(db: Db, now: Date = new Date()): Promise<FacilityOverviewRow[]> {
  const cutoff = pastDueCutoff(now).toISOString()
  const result = await rowsOf<OverviewSqlRow>(
    db,
    sql`
    select l.name as facility_name, fs.facility_store_number, l.location_code as site_code, fs.primary_field_staff,
      last_report.id as last_report_id, last_report.report_submit_at as last_brand_standards_at,
      coalesce(last_walk.full_at, last_full.report_submit_at) as last_full_walkthrough_at,
      last_walk.walkthrough_id as last_walkthrough_id,
      coalesce(open_tasks.open_count, 0)::int as open_tasks_count,
      coalesce(open_tasks.past_due_count, 0)::int as tasks_past_due_count
    from locations l
    left join snapshot_locations s on s.location_code = l.location_code
    left join facility_field_staff fs on fs.location_code = l.location_code
    left join lateral (
      select r.id, r.report_submit_at from brands_reports r where r.location_code = l.location_code
      order by r.report_submit_at desc, r.id desc limit 1
    ) last_report on true
    left join facility_last_full_walkthroughs last_walk on last_walk.location_code = l.location_code
    left join lateral (
      select r.report_submit_at from brands_reports r
      where r.location_code = l.location_code and r.completed and last_walk.walkthrough_id is null
      order by r.report_submit_at desc, r.id desc limit 1
    ) last_full on true
    left join (
      select t.location_code, count(*) as open_count, count(*) filter (where t.created_at <= ${cutoff}::timestamptz) as past_due_count
      from tasks t where t.status = 'open' group by t.location_code
    ) open_tasks on open_tasks.location_code = l.location_code
    where coalesce(s.hide_in_snapshot, false) = false`,
  )
  const rows = result.map((row) => ({
    facility_name: row.facility_name,
    facility_store_number: row.facility_store_number,
    site_code: row.site_code,
    primary_field_staff: row.primary_field_staff ? { full_name: row.primary_field_staff } : null,
    last_full_walkthrough_at: iso(row.last_full_walkthrough_at),
    last_full_walkthrough: row.last_walkthrough_id === null ? null : { id: Number(row.last_walkthrough_id) },
    last_brand_standards_at: iso(row.last_brand_standards_at),
    last_brands_report: row.last_report_id === null ? null : { id: Number(row.last_report_id) },
    tasks_past_due_count: Number(row.tasks_past_due_count),
    open_tasks_count: Number(row.open_tasks_count),
    hide_in_snapshot: false,
  }))
  // Sort keys once per row: the comparator would otherwise parse each name about 2·log2(n) times.
  const keys = new Map(rows.map((row) => [row, facilityNameNumber(row.facility_name)]))
  rows.sort((left, right) => {
    const a = keys.get(left)!
    const b = keys.get(right)!
    return a !== b && a !== null && b !== null ? a - b : compareFacilityNames(left.facility_name, right.facility_name)
  })
  return rows
}

/** The earliest moment after `now` at which an open task created after `since` is `days` old, as ms; Infinity for none. */
async function nextAgeBoundary(db: Db, since: Date, days: number): Promise<number> {
  const [row] = await rowsOf<{ next: Date | string | null }>(
    db,
    sql`select min(t.created_at) as next from tasks t where t.status = 'open' and t.created_at > ${since.toISOString()}::timestamptz`,
  )
  return row?.next ? new Date(row.next).getTime() + days * DAY_MS : Infinity
}

export async function getFacilitiesOverviewAt(db: Db, now: Date = new Date()) {
  const [body, validUntil] = await Promise.all([
    getFacilitiesOverview(db, now),
    nextAgeBoundary(db, pastDueCutoff(now), TASK_CARD_WARNING_DAYS),
  ])
  return { body, validUntil }
}

/** getAnalyticsReport with the moment it changes by the clock alone: a task changing age band, or a new month. */
export async function getAnalyticsReportAt(db: Db, now: Date = new Date()) {
  const [body, pastDue, warning] = await Promise.all([
    getAnalyticsReport(db, now),
    nextAgeBoundary(db, pastDueCutoff(now), TASK_CARD_WARNING_DAYS),
    nextAgeBoundary(db, new Date(now.getTime() - OVERVIEW_WARNING_DAYS * DAY_MS), OVERVIEW_WARNING_DAYS),
  ])
  const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)
  return { body, validUntil: Math.min(pastDue, warning, nextMonth) }
}

const TOP_FACILITIES = 15

/** Open tasks of the busiest facilities by age (0–6, 7–9, 10+ days), past due by priority, reports per month for 12 months. */
export async function getAnalyticsReport(db: Db, now: Date = new Date()): Promise<AnalyticsReport> {
  const pastDue = pastDueCutoff(now).toISOString()
  const warning = new Date(now.getTime() - OVERVIEW_WARNING_DAYS * DAY_MS).toISOString()
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)).toISOString()
  const visible = sql`t.location_code in (select l.location_code from locations l left join snapshot_locations s on s.location_code = l.location_code where coalesce(s.hide_in_snapshot, false) = false)`
  const byFacility = await rowsOf<{
    site_code: string
    facility_name: string
    age_0_6: number
    age_7_9: number
    age_10_plus: number
  }>(
    db,
    sql`
    select t.location_code as site_code, l.name as facility_name,
      count(*) filter (where t.created_at > ${warning}::timestamptz)::int as age_0_6,
      count(*) filter (where t.created_at <= ${warning}::timestamptz and t.created_at > ${pastDue}::timestamptz)::int as age_7_9,
      count(*) filter (where t.created_at <= ${pastDue}::timestamptz)::int as age_10_plus
    from tasks t join locations l on l.location_code = t.location_code
    where t.status = 'open' and ${visible}
    group by t.location_code, l.name
    order by count(*) desc, l.name limit ${TOP_FACILITIES}`,
  )
  const byPriority = await rowsOf<{ prior: string; count: number }>(
    db,
    sql`
    select t.prior, count(*)::int as count from tasks t
    where t.status = 'open' and t.created_at <= ${pastDue}::timestamptz and ${visible}
    group by t.prior`,
  )
  const [totals] = await rowsOf<{ open_tasks: number; past_due: number; facilities: number }>(
    db,
    sql`
    select count(*)::int as open_tasks, count(*) filter (where t.created_at <= ${pastDue}::timestamptz)::int as past_due,
      count(distinct t.location_code)::int as facilities
    from tasks t where t.status = 'open' and ${visible}`,
  )
  const byMonth = await rowsOf<{ month: string; reports: number; completed: number; facilities_covered: number }>(
    db,
    sql`
    select to_char(date_trunc('month', t.report_submit_at at time zone 'UTC'), 'YYYY-MM') as month, count(*)::int as reports,
      count(*) filter (where t.completed)::int as completed, count(distinct t.location_code)::int as facilities_covered
    from brands_reports t where t.report_submit_at >= ${since}::timestamptz and ${visible}
    group by 1 order by 1`,
  )
  const order = ['urgent', 'high', 'medium', 'low']
  const months = new Map(byMonth.map((row) => [row.month, row]))
  return {
    generated_at: now.toISOString(),
    open_tasks_by_facility: byFacility.map((row) => ({
      ...row,
      age_0_6: Number(row.age_0_6),
      age_7_9: Number(row.age_7_9),
      age_10_plus: Number(row.age_10_plus),
    })),
    past_due_by_priority: order.map((prior) => ({
      prior,
      count: Number(byPriority.find((row) => row.prior === prior)?.count ?? 0),
    })),
    totals: {
      open_tasks: Number(totals?.open_tasks ?? 0),
      past_due: Number(totals?.past_due ?? 0),
      facilities: Number(totals?.facilities ?? 0),
    },
    brand_standards_by_month: Array.from({ length: 12 }, (_, index) => {
      const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + index, 1))
        .toISOString()
        .slice(0, 7)
      const row = months.get(month)
      return {
        month,
        reports: Number(row?.reports ?? 0),
        completed: Number(row?.completed ?? 0),
        facilities_covered: Number(row?.facilities_covered ?? 0),
      }
    }),
  }
}
