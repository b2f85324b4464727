import { z } from 'zod'

/** A Dashboard row (spec: snapshot-field-tool §3 "Facility overview row"); sources in decision record 007. */
export const FacilityOverviewRow = z.object({
  facility_name: z.string(),
  facility_store_number: z.string().nullable(),
  site_code: z.string(),
  primary_field_staff: z.object({ full_name: z.string() }).nullable(),
  last_full_walkthrough_at: z
    .string()
    .nullable()
    .describe(
      'ISO 8601: finish time of the latest full walkthrough; for a facility without one, the submit time of its latest completed brands report (decision 024)',
    ),
  last_full_walkthrough: z
    .object({ id: z.number().int() })
    .nullable()
    .describe('the walkthrough of last_full_walkthrough_at; null when that date is a brands report’s or none'),
  last_brand_standards_at: z.string().nullable().describe('ISO 8601: submit time of the latest brands report'),
  last_brands_report: z.object({ id: z.number().int() }).nullable(),
  tasks_past_due_count: z.number().int(),
  open_tasks_count: z.number().int(),
  hide_in_snapshot: z.boolean().describe('always false: hidden facilities are left out'),
})
export type FacilityOverviewRow = z.infer<typeof FacilityOverviewRow>
export const FacilityOverview = z.array(FacilityOverviewRow)

export const AnalyticsEmbed = z.object({
  EmbedUrl: z.string().describe("absolute https URL from ANALYTICS_EMBED_ENDPOINT, or the built-in report's path"),
})
export type AnalyticsEmbed = z.infer<typeof AnalyticsEmbed>

export const AnalyticsReport = z.object({
  generated_at: z.string().describe('ISO 8601'),
  open_tasks_by_facility: z
    .array(
      z.object({
        site_code: z.string(),
        facility_name: z.string(),
        age_0_6: z.number().int().describe('open tasks 0–6 days old'),
        age_7_9: z.number().int().describe('7–9 days old'),
        age_10_plus: z.number().int().describe('10 days or older (past due)'),
      }),
    )
    .describe('the facilities with the most open tasks, most first'),
  past_due_by_priority: z.array(z.object({ prior: z.string(), count: z.number().int() })),
  totals: z.object({ open_tasks: z.number().int(), past_due: z.number().int(), facilities: z.number().int() }),
  brand_standards_by_month: z
    .array(
      z.object({
        month: z.string().describe('YYYY-MM'),
        reports: z.number().int(),
        completed: z.number().int(),
        facilities_covered: z.number().int(),
      }),
    )
    .describe('the last 12 months, oldest first'),
})
export type AnalyticsReport = z.infer<typeof AnalyticsReport>
